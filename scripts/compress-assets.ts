/**
 * The browser's files compressed once, when the site is built (decision 0080): a `.br` (brotli at its best
 * quality) and a `.gz` (gzip -9) beside each text file. The server sends the one the browser accepts
 * (server/app.ts), instead of compressing the same file again for every visitor.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Below this a file gains less than the Content-Encoding header costs: the bound the server keeps for pages
 * (server/page-compression.ts). Not imported from there: the build's configuration loads this file, and the dev
 * server, which reads that configuration, has no use for the server's modules.
 */
const MIN_COMPRESSED_BYTES = 1024;
/** Files that compress: scripts, styles, the icon sprite, text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes each compressible file's `.br` and `.gz` that is smaller than it; returns how many files were written. */
export async function compressAssets(dir: string): Promise<number> {
  let written = 0;
  await Promise.all(
    (await filesIn(dir)).map(async (file) => {
      const content = await readFile(file);
      if (content.byteLength < MIN_COMPRESSED_BYTES) return;
      const variants: [string, Buffer][] = [
        [
          ".br",
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
            },
          }),
        ],
        [
          ".gz",
          await gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ],
      ];
      for (const [extension, compressed] of variants) {
        if (compressed.byteLength >= content.byteLength) continue;
        await writeFile(`${file}${extension}`, compressed);
        written += 1;
      }
    }),
  );
  return written;
}
