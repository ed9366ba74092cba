/**
 * The app's route table as the build holds it (ServerBuild["routes"]), made from app/routes.ts for tests that
 * start the HTTP server without a build. Ids follow React Router's rule: the route file without its extension.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { RouteTable } from "../../server/route-of-request";

export function appRouteTable(): RouteTable {
  const table: RouteTable = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      table[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
      };
      add(entry.children ?? [], id);
    }
  };
  add(routes, "root");
  return table;
}
