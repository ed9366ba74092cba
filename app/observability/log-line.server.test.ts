import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fitLine, MAX_LINE_BYTES, writeLine } from "./log-line.server";

const bytes = (text: string) => Buffer.byteLength(text);

describe("fitLine", () => {
  it("leaves a line that fits as it is", () => {
    const line = JSON.stringify({ message: "listening", url: "http://x" });
    expect(fitLine(line)).toBe(line);
  });

  it("cuts the longest fields alike until the line and its newline fit in 4 KiB, and says what it cut", () => {
    const line = JSON.stringify({
      time: "2026-11-27T12:00:00.000Z",
      level: "warn",
      message: `The URL path "/%zz${"a".repeat(16_000)}" could not be decoded`,
      path: `/%zz${"a".repeat(6_000)}`,
      id: "r-1",
    });
    const fitted = fitLine(line);
    expect(bytes(fitted) + 1).toBeLessThanOrEqual(MAX_LINE_BYTES);
    const record = JSON.parse(fitted) as Record<string, unknown>;
    expect(record).toMatchObject({
      time: "2026-11-27T12:00:00.000Z",
      level: "warn",
      id: "r-1",
      cut: { message: 16_040, path: 6_004 },
    });
    expect(String(record.message)).toMatch(/^The URL path "\/%zzaaa.*…$/);
    expect(String(record.path).length).toBeGreaterThan(1000);
  });

  it("counts bytes, not characters: escapes and UTF-8 are cut to fit too, never half a character", () => {
    for (const unit of ["é", "😀", '"', "\u0001"]) {
      const fitted = fitLine(JSON.stringify({ message: unit.repeat(9_000) }));
      expect(bytes(fitted) + 1, unit).toBeLessThanOrEqual(MAX_LINE_BYTES);
      expect(fitted).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      expect(JSON.parse(fitted)).toMatchObject({
        cut: { message: unit.repeat(9_000).length },
      });
    }
  });

  it("keeps a `cut` the line already had, and cuts a field that is no string as its JSON", () => {
    const fitted = fitLine(
      JSON.stringify({
        path: "/x",
        cut: { path: 20_000 },
        problems: Array.from({ length: 2_000 }, (_, i) => `problem ${i}`),
      }),
    );
    expect(bytes(fitted) + 1).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(fitted)).toMatchObject({
      path: "/x",
      cut: { path: 20_000, problems: expect.any(Number) },
      problems: expect.stringMatching(/^\["problem 0",.*…$/),
    });
  });

  it("turns what is not a JSON object into one", () => {
    const fitted = fitLine(`plain ${"text ".repeat(2_000)}`);
    expect(bytes(fitted) + 1).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(fitted)).toMatchObject({
      message: expect.stringMatching(/^plain text/),
    });
  });
});

describe("writeLine", () => {
  it("writes each line whole, newline included, in one write", () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk.toString());
        done();
      },
    });
    writeLine(JSON.stringify({ message: "a".repeat(10_000) }), stream);
    writeLine(JSON.stringify({ message: "b" }), stream);
    expect(writes).toHaveLength(2);
    expect(writes[0]!.endsWith("\n")).toBe(true);
    expect(bytes(writes[0]!)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(writes[1]).toBe('{"message":"b"}\n');
  });

  it("gives a stream up at its first error (EPIPE): no throw, no uncaught error, no later write", async () => {
    let writes = 0;
    const stream = new Writable({
      write(_chunk, _encoding, done) {
        writes += 1;
        done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      },
    });
    writeLine('{"message":"first"}', stream);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 100; i += 1)
      expect(() => writeLine('{"message":"more"}', stream)).not.toThrow();
    expect(writes).toBe(1);
  });
});
