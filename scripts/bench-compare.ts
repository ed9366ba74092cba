/**
 * `npm run bench:compare -- <other checkout>`: this build against another checkout's build (run `npx react-router
 * build` there first), both against one reference upstream, in short runs that alternate between them, so a machine
 * whose speed drifts (a shared cloud machine) slows both alike. Prints, per scenario and build, the median app CPU
 * ms a request and every run's figure. Scenarios (COMPARE_SCENARIOS, comma-separated, default all but `health`):
 * `plain` (no Accept-Encoding, as `npm run bench` asks), `chrome` and `safari` (their Accept-Encoding), `health`,
 * and `first-visit` (every file Home loads, one after another, asked as Chrome does: ms a visit).
 * COMPARE_PATH picks the page (default /workshops; `{slug}` is the flow's workshop), COMPARE_ROUNDS the runs a side
 * (default 8), COMPARE_SECONDS their length (default 2).
 */
import type { ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { request } from "undici";
import {
  BROWSER_ENCODINGS,
  processTreeCpuMs,
  startBenchApp,
} from "./bench-servers";
import { flowVisitor } from "./flow-visitor";
import type { FlowVisitor } from "./flow-visitor";
import { freePort, root, startUpstream, waitFor } from "./processes.mjs";

const ENCODINGS: Record<string, string | undefined> = {
  plain: undefined,
  ...BROWSER_ENCODINGS,
  health: undefined,
};

const other = process.argv[2];
if (!other) {
  console.error("Usage: npm run bench:compare -- <another checkout, built>");
  process.exit(2);
}
const scenarios = (
  process.env.COMPARE_SCENARIOS ?? "plain,chrome,safari,first-visit"
).split(",");
const path = process.env.COMPARE_PATH ?? "/workshops";
const rounds = Number(process.env.COMPARE_ROUNDS ?? 8);
const seconds = Number(process.env.COMPARE_SECONDS ?? 2);

interface Build {
  dir: string;
  child: ChildProcess;
  url: string;
  visitor: FlowVisitor;
  /** Every file Home loads: scripts, the stylesheet, the icons. */
  files: string[];
}

const upstream = await startUpstream({ port: await freePort() });
const builds: Build[] = [];
const children: ChildProcess[] = [];
try {
  for (const dir of [resolve(other), root]) {
    const port = await freePort();
    const child = startBenchApp({
      port,
      upstreamUrl: upstream.url,
      cwd: dir,
      env: { WEB_CONCURRENCY: "1" },
    });
    children.push(child);
    const url = `http://localhost:${port}`;
    await waitFor(`${url}/health`, 30_000, child);
    const home = await (await fetch(`${url}/`)).text();
    const files = new Set(
      [...home.matchAll(/\/assets\/[\w.-]+\.(?:js|css|svg)/g)].map(
        (match) => match[0],
      ),
    );
    builds.push({
      dir,
      child,
      url,
      visitor: await flowVisitor(url),
      files: [...files],
    });
  }

  /** One run against one build: its CPU ms a request (a visit, for `first-visit`). */
  async function run(build: Build, scenario: string): Promise<number> {
    const before = processTreeCpuMs(build.child.pid);
    if (scenario === "first-visit") {
      const visits = 10;
      for (let visit = 0; visit < visits; visit++)
        for (const file of build.files)
          await (
            await request(`${build.url}${file}`, {
              headers: { "accept-encoding": ENCODINGS.chrome! },
            })
          ).body.dump();
      return (processTreeCpuMs(build.child.pid) - before) / visits;
    }
    const encoding = ENCODINGS[scenario];
    const result = await autocannon({
      url: `${build.url}${scenario === "health" ? "/health" : path.replace("{slug}", build.visitor.slug)}`,
      headers: {
        cookie: build.visitor.cookie,
        ...(encoding ? { "accept-encoding": encoding } : {}),
      },
      connections: 10,
      duration: seconds,
    });
    return (processTreeCpuMs(build.child.pid) - before) / result.requests.total;
  }

  const figures = new Map<string, number[]>();
  // Round -1 warms each build up (its first second is mostly compiling) and is not counted.
  for (let round = -1; round < rounds; round++)
    for (const scenario of scenarios)
      for (const build of builds) {
        const ms = await run(build, scenario);
        if (round < 0) continue;
        const key = `${scenario} | ${build.dir === root ? "this build" : build.dir}`;
        figures.set(key, [...(figures.get(key) ?? []), ms]);
      }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\n${path}, ${rounds} runs a side of ${seconds} s (first-visit: ${builds[1]!.files.length} files, 10 visits a run), Node ${process.version}`,
  );
  console.table(
    [...figures].map(([key, values]) => ({
      "scenario | build": key,
      "median CPU ms": median(values).toFixed(2),
      runs: values.map((value) => value.toFixed(2)).join(" "),
    })),
  );
} finally {
  for (const child of children) child.kill();
  void upstream.stop();
}
