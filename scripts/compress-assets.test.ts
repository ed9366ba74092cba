import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { compressAssets } from "./compress-assets";

it("writes a brotli and a gzip copy beside each text file worth compressing, in every folder", async () => {
  const dir = mkdtempSync(join(tmpdir(), "compress-assets-"));
  mkdirSync(join(dir, "assets"));
  const script = "export const greeting = 'hallo';\n".repeat(100);
  writeFileSync(join(dir, "assets", "entry.js"), script);
  writeFileSync(join(dir, "assets", "root.css"), "a{color:red}\n".repeat(100));
  // Too small to gain anything, and an image that is compressed already.
  writeFileSync(join(dir, "favicon.svg"), "<svg></svg>");
  writeFileSync(join(dir, "assets", "photo.png"), Buffer.alloc(4096, 7));

  expect(await compressAssets(dir)).toBe(4);

  const entry = join(dir, "assets", "entry.js");
  expect(brotliDecompressSync(readFileSync(`${entry}.br`)).toString()).toBe(
    script,
  );
  expect(gunzipSync(readFileSync(`${entry}.gz`)).toString()).toBe(script);
  expect(existsSync(join(dir, "assets", "root.css.br"))).toBe(true);
  expect(existsSync(join(dir, "favicon.svg.br"))).toBe(false);
  expect(existsSync(join(dir, "assets", "photo.png.br"))).toBe(false);
});
