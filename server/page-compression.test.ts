import express from "express";
import {
  brotliDecompressSync,
  gunzipSync,
  zstdDecompressSync,
} from "node:zlib";
import { expect, it } from "vitest";
import { compressWhole, pageEncoding } from "./page-compression";
import { sendRequest } from "../tests/fixtures/http";
import { serveForTest } from "../tests/fixtures/serve";

it("picks zstd, then brotli, then gzip among what the browser accepts, whatever order it lists them in", async () => {
  const app = express();
  app.get("/", (req, res) => {
    res.json(pageEncoding(req));
  });
  const port = await serveForTest(app);
  const encodingFor = async (acceptEncoding?: string) =>
    JSON.parse(
      (
        await sendRequest(port, {
          path: "/",
          headers: {
            host: "localhost",
            ...(acceptEncoding === undefined
              ? {}
              : { "accept-encoding": acceptEncoding }),
          },
        })
      ).text,
    ) as string | null;
  expect(await encodingFor("gzip, deflate, br, zstd")).toBe("zstd");
  expect(await encodingFor("gzip, deflate, br")).toBe("br");
  expect(await encodingFor("gzip;q=0.5, br;q=0.1")).toBe("br");
  expect(await encodingFor("gzip")).toBe("gzip");
  // A refused encoding (q=0) is never sent; without a usable one the page goes as it is.
  expect(await encodingFor("zstd;q=0, br;q=0, gzip")).toBe("gzip");
  expect(await encodingFor("deflate")).toBeNull();
  expect(await encodingFor("identity")).toBeNull();
  expect(await encodingFor("")).toBeNull();
  expect(await encodingFor()).toBeNull();
});

it("compresses a page so that it decompresses to the same bytes, and leaves a small answer as it is", () => {
  const page = Buffer.from(
    `<!DOCTYPE html><html lang="nl">${"<p>Kies per ronde één workshop.</p>".repeat(200)}</html>`,
  );
  const decompress = {
    zstd: zstdDecompressSync,
    br: brotliDecompressSync,
    gzip: gunzipSync,
  };
  for (const encoding of ["zstd", "br", "gzip"] as const) {
    const req = {
      acceptsEncodings: (name: string) => (name === encoding ? name : false),
    };
    const sent = compressWhole(req, page);
    expect(sent.encoding).toBe(encoding);
    expect(sent.body.byteLength).toBeLessThan(page.byteLength / 4);
    expect(decompress[encoding](sent.body).equals(page), encoding).toBe(true);
    const small = Buffer.from('[{"_1":2},"redirect"]');
    expect(compressWhole(req, small)).toEqual({ body: small, encoding: null });
  }
});
