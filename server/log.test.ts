import { describe, expect, it } from "vitest";
import { consoleFields } from "./log";

describe("a console call as log fields", () => {
  it("keeps an error's stack, fields and cause in `stack`, on one line of JSON", () => {
    const error = Object.assign(
      new Error("upstream said no", { cause: new Error("reset") }),
      { status: 502 },
    );
    const fields = consoleFields("error", [error]);
    expect(fields).toMatchObject({
      level: "error",
      message: "Error: upstream said no",
    });
    expect(fields.stack).toMatch(/^Error: upstream said no\n {4}at /);
    expect(fields.stack).toContain("status: 502");
    expect(fields.stack).toContain("[cause]: Error: reset");
    expect(JSON.stringify(fields).split("\n")).toHaveLength(1);
  });

  it("formats the other arguments as console would, on one line", () => {
    expect(
      consoleFields("warn", [
        "path %s could not be decoded",
        "/x%zz",
        { a: 1 },
      ]),
    ).toEqual({
      level: "warn",
      message: "path /x%zz could not be decoded { a: 1 }",
    });
    expect(
      consoleFields("error", ["render failed:", new Error("boom")]),
    ).toMatchObject({ message: "render failed:", stack: expect.any(String) });
  });
});
