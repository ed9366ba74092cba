import { describe, expect, it } from "vitest";
import { cannotListenFields, consoleFields } from "./log";

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

describe("the line that says a port could not be taken", () => {
  const failure = (code: string) =>
    Object.assign(new Error(`listen ${code}: 127.0.0.1:3000`), { code });

  it("says what to do when another program has the port, naming the setting", () => {
    expect(cannotListenFields(failure("EADDRINUSE"), 3000, "PORT")).toEqual({
      error: "listen EADDRINUSE: 127.0.0.1:3000",
      port: 3000,
      hint: "Another program is listening on port 3000: stop it, or choose another port with PORT.",
    });
  });

  it("says what to do when the port needs privileges", () => {
    expect(cannotListenFields(failure("EACCES"), 80, "METRICS_PORT").hint).toBe(
      "Port 80 needs privileges this process does not have: choose one above 1023 with METRICS_PORT.",
    );
  });

  it("gives no hint it cannot stand behind", () => {
    expect(
      cannotListenFields(failure("EADDRNOTAVAIL"), 3000, "PORT"),
    ).not.toHaveProperty("hint");
  });
});
