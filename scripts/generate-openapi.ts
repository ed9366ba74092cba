/**
 * Writes docs/openapi.json from the upstream contract, for the upstream's owners.
 * `npm run openapi` regenerates it; a unit test fails when the committed file is stale.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "#contract/openapi";

const target = fileURLToPath(new URL("../docs/openapi.json", import.meta.url));
writeFileSync(target, JSON.stringify(buildOpenApiDocument(), null, 2) + "\n");
console.log(`wrote ${target}`);
