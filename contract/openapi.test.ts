import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "./contract";
import { buildOpenApiDocument } from "./openapi";

describe("docs/openapi.json", () => {
  it("matches the contract (run `npm run openapi` after changing the contract)", () => {
    const committed = JSON.parse(
      readFileSync(new URL("../docs/openapi.json", import.meta.url), "utf8"),
    );
    expect(committed).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument())),
    );
  });

  it("describes every call of the contract", () => {
    const doc = buildOpenApiDocument();
    const operations = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods),
    );
    expect(operations).toHaveLength(Object.keys(ENDPOINTS).length);
  });
});
