// A Node process that serves fixed HTML strings, the yardstick for the server's cost per page: the same bytes
// the site sends, with no rendering. Usage: node scripts/static-server.mjs PORT pages.json ({"/path": "<html>"}).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const pages = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8"))));

createServer((request, response) => {
  const html = pages.get(new URL(request.url, "http://x").pathname);
  if (html === undefined) {
    response.writeHead(404).end();
    return;
  }
  response
    .writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end(html);
}).listen(Number(port), "127.0.0.1");
