import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPOSITION_ROOT, resolveImport } from "../../scripts/eslint-rules.mjs";

/**
 * The core areas depend on each other one way (issue 23 "Areas one way"):
 * an area reaches another through its index.ts (scripts/eslint-rules.mjs
 * `local/area-index`), and where a lower area needs a higher one, the
 * higher registers what it offers (core/platform/offers.ts: the contacts'
 * Xero push, the workshop's invoices and pushes, the fleet's availability
 * finder, hire's workshop warnings). Every import counts, type-only ones
 * too. core/platform is beneath every area; core/demo composes them all.
 */
const root = join(import.meta.dirname, "..", "..");
const areaOf = (p: string) => /^core\/([^/]+)\//.exec(p)?.[1] ?? null;

function coreFiles(dir = "core"): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const p = `${dir}/${name}`;
    return statSync(join(root, p)).isDirectory() ? coreFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every import (static, re-export, dynamic, type-only) of a source text. */
function importsOf(text: string): string[] {
  const out = [...text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gs)].map((m) => m[1]);
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s*["']([^"']+)["']/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

/** Area -> the areas it imports, each edge with one file that makes it. */
function areaGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of coreFiles()) {
    const from = areaOf(file)!;
    if (from === "platform" || from === COMPOSITION_ROOT) continue;
    for (const spec of importsOf(readFileSync(join(root, file), "utf8"))) {
      const target = resolveImport(join(root, file), spec);
      if (!target) continue;
      const to = areaOf(relative(root, target).split("\\").join("/"));
      if (!to || to === from || to === "platform") continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${file} -> ${relative(root, target)}`);
    }
  }
  return graph;
}

/** The cycles of a directed graph, each as its path (a -> b -> a), found by depth-first search. */
export function cyclesOf(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, "open");
    stack.push(n);
    for (const m of graph.get(n)?.keys() ?? []) {
      if (state.get(m) === "open") found.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, "done");
  };
  for (const n of [...graph.keys()].sort()) if (!state.has(n)) visit(n);
  return found;
}

describe("the core areas depend on each other one way", () => {
  it("the cycle finder finds a two-way pair and a longer loop", () => {
    const g = (edges: Array<[string, string]>) => {
      const out = new Map<string, Map<string, string>>();
      for (const [a, b] of edges) out.set(a, (out.get(a) ?? new Map<string, string>()).set(b, `${a}->${b}`));
      return out;
    };
    expect(cyclesOf(g([["accounts", "workshop"], ["workshop", "accounts"]]))).toEqual([["accounts", "workshop", "accounts"]]);
    expect(cyclesOf(g([["fleet", "hire"], ["hire", "workshop"], ["workshop", "fleet"]]))).toEqual([["fleet", "hire", "workshop", "fleet"]]);
    expect(cyclesOf(g([["hire", "fleet"], ["workshop", "fleet"], ["accounts", "workshop"]]))).toEqual([]);
  });

  it("no cycle between core areas (every import counted, type-only ones too)", () => {
    const graph = areaGraph();
    const cycles = cyclesOf(graph).map((c) => c.map((a, i) => (i < c.length - 1 ? `${a} (${graph.get(a)!.get(c[i + 1])})` : a)).join(" -> "));
    expect(cycles).toEqual([]);
  });

  it("the areas stand in one order, each above the ones it uses (docs/contributing.md \"Areas\")", () => {
    const order = ["settings", "agreements", "auth", "contacts", "fleet", "hire", "workshop", "accounts"];
    const graph = areaGraph();
    expect([...graph.keys()].filter((a) => !order.includes(a))).toEqual([]);
    const upward = [...graph].flatMap(([from, tos]) => [...tos].filter(([to]) => order.indexOf(to) > order.indexOf(from)).map(([to, why]) => `${from} -> ${to}: ${why}`));
    expect(upward).toEqual([]);
  });

  it("no area imports the demo seed (a composition root)", () => {
    expect([...areaGraph()].filter(([, tos]) => tos.has(COMPOSITION_ROOT))).toEqual([]);
  });
});
