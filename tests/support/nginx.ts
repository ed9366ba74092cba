/**
 * A real nginx terminating TLS in front of the app, as operations run it: a self-signed certificate made for
 * this run, X-Forwarded-Proto and X-Forwarded-For (appended, so a visitor's own value stays on the left) and the
 * browser's Host. nginx connects to the app from 127.0.0.2, so the socket address the app sees differs from the
 * browser's address (127.0.0.1), which only a trusted X-Forwarded-For can tell it.
 *
 * In front sits a micro-cache, as a school network or CDN might put one: it keeps any 200 for 10 s unless the
 * answer's Cache-Control, Set-Cookie or Vary says otherwise (nginx's proxy_cache honours them), keyed by the
 * visitor's Host too (the site depends on it). X-Cache-Status tells the tests whether an answer came from it.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./e2e/servers";

export const NGINX_ADDRESS = "127.0.0.2";

/** nginx from Debian's package (or NGINX_PATH); null when it is not installed. */
export function nginxPath(): string | null {
  const candidates = [
    process.env.NGINX_PATH,
    "/usr/sbin/nginx",
    "/usr/bin/nginx",
  ];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

function selfSignedCertificate(dir: string) {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-nodes",
      "-days",
      "1",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-keyout",
      key,
      "-out",
      cert,
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/** Starts nginx with one HTTPS port per app; resolves with the public base URL of each. */
/**
 * An nginx.conf in `dir` for a foreground nginx without root: its pid, logs and temporary files all in `dir`, the
 * given lines inside `http { … }`. Returns the file's path.
 */
export function writeNginxConfig(dir: string, http: string): string {
  const config = join(dir, "nginx.conf");
  writeFileSync(
    config,
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  return config;
}

export async function startNginx(appPorts: number[]) {
  const nginx = nginxPath();
  if (!nginx) throw new Error("nginx is not installed");
  const dir = mkdtempSync(join(tmpdir(), "proxy-suite-"));
  const { cert, key } = selfSignedCertificate(dir);
  const ports = await Promise.all(appPorts.map(() => freePort()));
  const servers = appPorts.map(
    (appPort, index) => `
  server {
    listen 127.0.0.1:${ports[index]} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_cache pages;
      proxy_cache_key $scheme$http_host$request_uri;
      proxy_cache_valid 200 10s;
      add_header X-Cache-Status $upstream_cache_status always;
      proxy_pass http://127.0.0.1:${appPort};
      proxy_bind ${NGINX_ADDRESS};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
  );
  const config = writeNginxConfig(
    dir,
    `  proxy_cache_path ${dir}/cache keys_zone=pages:1m max_size=20m inactive=1m;
${servers.join("\n")}`,
  );
  const child = spawn(
    nginx,
    ["-p", dir, "-c", config, "-e", `${dir}/error.log`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const urls = ports.map((port) => `https://localhost:${port}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${errors}`);
    const up = await Promise.all(
      ports.map(
        (port) =>
          new Promise<boolean>((resolve) => {
            const socket = connect(port, "127.0.0.1");
            socket.once("connect", () => (socket.end(), resolve(true)));
            socket.once("error", () => resolve(false));
          }),
      ),
    );
    if (up.every(Boolean)) break;
    if (Date.now() > deadline)
      throw new Error(`nginx did not listen: ${errors}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    urls,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
