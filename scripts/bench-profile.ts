/**
 * `npm run bench:profile`: where the web app's CPU time goes. Starts the reference upstream and the production
 * build with `node --cpu-prof`, sends PROFILE_REQUESTS (default 3000) views of PROFILE_PATH (default /workshops,
 * with a student's session; PROFILE_AS=returning for a visitor without one; PROFILE_ENCODING, the Accept-Encoding a
 * browser sends, for compressed pages) over 10 connections, stops the app so it writes its profile, and prints self time
 * grouped by package (node_modules/<name>), Node's own internals, the app bundle, and the garbage collector.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServers } from "./bench-servers";
import { flowVisitor } from "./flow-visitor";

const requests = Number(process.env.PROFILE_REQUESTS ?? 3000);
const path = process.env.PROFILE_PATH ?? "/workshops";
// PROFILE_PROCESS=upstream: the reference upstream's CPU for the same views instead of the web app's.
const target = process.env.PROFILE_PROCESS === "upstream" ? "upstream" : "app";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The group a function's self time counts towards. */
function groupOf({ functionName, url }: ProfileNode["callFrame"]): string {
  if (!url) return functionName || "(anonymous native)";
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith("node:internal/deps/undici")) return "node: undici";
  if (url.startsWith("node:internal/webstreams")) return "node: web streams";
  if (url.startsWith("node:")) return "node: other internals";
  if (url.includes("/build/server/")) return "app bundle";
  if (url.includes("/upstream/")) return "upstream code";
  return url;
}

const profileDir = mkdtempSync(join(tmpdir(), "cpu-profile-"));
const profileFlags = ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
const servers = await startBenchServers(
  {},
  target === "app" ? profileFlags : [],
  target === "upstream" ? { NODE_OPTIONS: profileFlags.join(" ") } : {},
);
try {
  const visitor = await flowVisitor(servers.appUrl);
  const url = `${servers.appUrl}${path.replace("{slug}", visitor.slug)}`;
  // PROFILE_AS=returning: a visitor back without a registration (a first visit's cookie), as `npm run bench` has one.
  const cookie =
    process.env.PROFILE_AS === "returning"
      ? (await fetch(`${servers.appUrl}/`)).headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; ")
      : visitor.cookie;
  // PROFILE_ENCODING: the Accept-Encoding to send, e.g. a browser's "gzip, deflate, br, zstd" (decision 0080).
  const encoding = process.env.PROFILE_ENCODING;
  const result = await autocannon({
    url,
    headers: { cookie, ...(encoding ? { "accept-encoding": encoding } : {}) },
    connections: 10,
    amount: requests,
  });
  console.log(
    `${path}: ${result.requests.total} views, ${Math.round(result.requests.average)}/s, non-2xx ${result.non2xx}`,
  );
} finally {
  servers.stop();
}

// The process writes its profile as it exits; the upstream's tsx launcher writes one too, the smaller.
let file: string | undefined;
for (let waited = 0; !file && waited < 20_000; waited += 200) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (target === "upstream") await new Promise((r) => setTimeout(r, 1000));
  file = readdirSync(profileDir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .sort(
      (a, b) =>
        statSync(join(profileDir, b)).size - statSync(join(profileDir, a)).size,
    )[0];
}
if (!file) throw new Error(`no profile written in ${profileDir}`);
const profile = JSON.parse(
  readFileSync(join(profileDir, file), "utf8"),
) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const group = groupOf(byId.get(id)!.callFrame);
  selfMs.set(
    group,
    (selfMs.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000,
  );
});
selfMs.delete("(idle)");
const busy = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
console.log(
  `${target} (Node ${process.version}): busy ${Math.round(busy)} ms, ${(busy / requests).toFixed(2)} ms per view; profile: ${join(profileDir, file)}`,
);
console.table(
  [...selfMs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([group, ms]) => ({
      group,
      "self ms": Math.round(ms),
      "%": Math.round((ms / busy) * 1000) / 10,
    })),
);
