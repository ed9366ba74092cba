// Runs before `npm start` and `npm run dev` (prestart, predev): on a Node older than package.json's `engines` the
// build and the server fail in ways that do not name the cause (a missing node:sqlite, unknown syntax), so this says
// it first. Kept to syntax and modules every Node since 18 has.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
);
const wanted = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.node);
if (!wanted)
  throw new Error(
    `scripts/check-node.mjs reads only ">=major[.minor[.patch]]" in engines.node, not "${engines.node}"`,
  );
const need = wanted.slice(1).map((part) => Number(part ?? 0));
const have = process.versions.node.split(".").map(Number);
const older = need.findIndex((part, i) => have[i] !== part);
if (older !== -1 && have[older] < need[older]) {
  let pinned = "";
  try {
    pinned = readFileSync(new URL("../.node-version", import.meta.url), "utf8");
  } catch {
    // no pin: the range alone
  }
  console.error(
    `This site needs Node.js ${engines.node.replace(/^>=\s*/, "")} or newer (package.json "engines": "${engines.node}"); ` +
      `this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      `Install Node.js ${pinned.trim() || engines.node} (.node-version names the one the project is tested on), ` +
      `put it first on PATH, and run the command again.`,
  );
  process.exit(1);
}
