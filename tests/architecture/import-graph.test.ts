/**
 * The import graph of every TypeScript module of the project has no circle, not even one a type alone closes
 * (decision 0070): a circle means two modules are one, or that a type lives a floor too high. Imports are read
 * and resolved by TypeScript itself, with the project's tsconfig (`~/`, `#contract`), so type-only imports,
 * re-exports and dynamic imports all count. The layers' direction is the linter's (decision 0029).
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = [
  "app",
  "contract",
  "reference-upstream",
  "server",
  "scripts",
  "tests",
];

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error("tsconfig.json did not parse");
  return parsed.options;
}

/** Every module of the project, with the project modules it imports. */
function importGraph(): Map<string, string[]> {
  const options = compilerOptions();
  const files = FOLDERS.flatMap((folder) =>
    ts.sys.readDirectory(
      path.join(ROOT, folder),
      [".ts", ".tsx"],
      ["**/node_modules/**"],
    ),
  ).map((file) => path.resolve(file));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.sys.readFile(file) ?? "";
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys)
        .resolvedModule?.resolvedFileName;
      return resolved && known.has(path.resolve(resolved))
        ? [path.resolve(resolved)]
        : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) {
        found.push(component.map((file) => path.relative(ROOT, file)).sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the import graph", () => {
  it("finds a circle, a type-only one included", () => {
    const graph = new Map([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/a.ts", "/d.ts"]],
    ]);
    expect(circles(graph).map((c) => c.length)).toEqual([3, 1]);
  });

  it("resolves the project's aliases, so it sees the whole house", () => {
    const graph = importGraph();
    const imports = (file: string) =>
      (graph.get(path.join(ROOT, file)) ?? []).map((f) =>
        path.relative(ROOT, f),
      );
    expect(graph.size).toBeGreaterThan(300);
    // `~/` and `#contract`, and a type-only import.
    expect(imports("app/upstream/client.server.ts")).toEqual(
      expect.arrayContaining([
        "contract/contract.ts",
        "app/upstream/call-log.server.ts",
      ]),
    );
    expect(imports("app/messages/toasts.ts")).toContain(
      "app/messages/toast.ts",
    );
  });

  it("has no circle", { timeout: 60_000 }, () => {
    expect(circles(importGraph())).toEqual([]);
  });
});
