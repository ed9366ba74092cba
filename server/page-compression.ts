/**
 * A page's HTML (and its data for a client navigation) compressed once, whole, in the cheapest encoding the browser accepts that is as small as gzip's
 * (decision 0080). The `compression` middleware picked brotli at quality 4 for every browser that offers it: for
 * `/workshops` that cost 0.5 to 0.9 ms of CPU a view, as much as a fifth of the page. zstd at its default level
 * makes the same page as small as gzip -6 does in about a quarter of that; Chrome, Edge and Firefox accept it.
 * Browsers without it (Safari) get brotli at that quality 4, then gzip.
 */
import {
  brotliCompressSync,
  constants,
  gzipSync,
  zstdCompressSync,
} from "node:zlib";

/** What is needed of Express's request: which encodings the browser accepts. */
type Accepting = { acceptsEncodings(encoding: string): string | false };

/** In the order the server prefers them among those the browser accepts. */
const ENCODINGS = ["zstd", "br", "gzip"] as const;
export type PageEncoding = (typeof ENCODINGS)[number];

// In one synchronous call, as the page was rendered: zlib's asynchronous one-shot functions run the buffer through
// a stream, which cost more CPU than zstd's compression itself (0.3 to 0.4 ms a page).
const compressors: Record<PageEncoding, (page: Buffer) => Buffer> = {
  zstd: (page) =>
    zstdCompressSync(page, {
      params: { [constants.ZSTD_c_compressionLevel]: 3 },
    }),
  br: (page) =>
    brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength,
      },
    }),
  gzip: (page) => gzipSync(page, { level: 6 }),
};

/**
 * The encoding to send a page in: the first of ours the request accepts (a `q=0` refuses one), or null for the
 * page as it is (no Accept-Encoding, or only `identity`).
 */
export function pageEncoding(req: Accepting) {
  return (
    ENCODINGS.find((encoding) => req.acceptsEncodings(encoding) === encoding) ??
    null
  );
}

/**
 * Below this, compressing gains less than the header costs (the `compression` middleware's own bound; the build's
 * compression of the browser's files, scripts/compress-assets.ts, keeps to the same).
 */
const MIN_COMPRESSED_BYTES = 1024;

/** The answer's body compressed for this request, with the encoding it is now in (null: as it was). */
export function compressWhole(
  req: Accepting,
  body: Buffer,
): { body: Buffer; encoding: PageEncoding | null } {
  const encoding =
    body.byteLength < MIN_COMPRESSED_BYTES ? null : pageEncoding(req);
  return { body: encoding ? compressors[encoding](body) : body, encoding };
}
