/** GET /health: answers "ok" while the server runs, for the reverse proxy and the container's health check. */
export function loader() {
  return new Response("ok", {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
