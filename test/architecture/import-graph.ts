/**
 * The import graph of `src/`, read with the TypeScript compiler's own pre-processor (every `import`,
 * `export … from` and `import()` specifier, type-only ones included: they are coupling too), and the
 * checks `import-graph.test.ts` runs over it: cycles, upward imports between layer folders (the
 * order is data, in `layers.json`), and format definitions reaching into another layer's internals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const sourceRoot = fileURLToPath(new URL('../../src/', import.meta.url));

export interface LayerRules {
  /** Layer folders from the bottom up: a file may import its own layer or a layer listed before it. */
  readonly order: readonly (readonly string[])[];
  /** Pairs `[from, to]` of layers where `from` must not import `to` even though the order allows it. */
  readonly forbidden: readonly (readonly [string, string])[];
  /** Known upward imports, each with its reason: `from` is a file, `to` a file or a folder prefix. */
  readonly allowed: readonly { readonly from: string; readonly to: string; readonly why: string }[];
  /** Internal files of a layer that other layers may import besides its `index.ts`, each with its reason. */
  readonly seams: readonly { readonly file: string; readonly why: string }[];
  /** The format API the family cores build on: it imports nothing from `formats/core/` or `formats/families/`. */
  readonly formatApi: readonly string[];
}

export const layerRules = JSON.parse(
  readFileSync(new URL('./layers.json', import.meta.url), 'utf8'),
) as LayerRules;

/** Every `.ts` file under `root`, as paths relative to it with `/` separators, sorted. */
export function sourceFiles(root = sourceRoot): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return files.sort();
}

/** The graph: each file → the files under `root` it imports (relative specifiers), sorted. */
export function importGraph(root = sourceRoot): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets: string[] = [];
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const absolute = resolve(dirname(join(root, file)), fileName.replace(/\.js$/, '.ts'));
      targets.push(relative(root, absolute).split('\\').join('/'));
    }
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** The layer a file belongs to: its first folder, or `index` for the root entry `index.ts`. */
export function layerOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? 'index' : file.slice(0, slash);
}

/** Each cycle found by a depth-first walk, as the files on it (the first repeated at the end). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      const seen = state.get(target);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (seen === undefined && graph.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Imports that point up the layer order, or between a forbidden pair, as `from -> to (why)` lines. */
export function upwardImports(graph: Map<string, string[]>, rules = layerRules): string[] {
  const rank = new Map<string, number>();
  rules.order.forEach((group, index) => {
    for (const layer of group) rank.set(layer, index);
  });
  const forbidden = new Set(rules.forbidden.map(([from, to]) => `${from}>${to}`));
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      if (from === to) continue;
      if (rules.allowed.some((entry) => entry.from === file && target.startsWith(entry.to))) continue;
      const fromRank = rank.get(from);
      const toRank = rank.get(to);
      if (fromRank === undefined || toRank === undefined) {
        problems.push(
          `${file} -> ${target} (layer not in layers.json: ${fromRank === undefined ? from : to})`,
        );
      } else if (toRank > fromRank) problems.push(`${file} -> ${target} (${from} may not import ${to})`);
      else if (forbidden.has(`${from}>${to}`))
        problems.push(`${file} -> ${target} (${from} and ${to} stay apart)`);
    }
  }
  return problems;
}

/**
 * Format definitions (`formats/models/<id>.ts`) build on the family cores and the format API; from another
 * layer they use its public entry (`index.ts`), `types/`, `errors/`, `internal/` (shared by all
 * layers) or a listed seam, never its internal files. And the format API (`formatApi`) imports
 * nothing from `formats/core/` or `formats/families/`, which are built on it.
 */
export function formatReaches(graph: Map<string, string[]>, rules = layerRules): string[] {
  const problems: string[] = [];
  const seams = new Set(rules.seams.map((seam) => seam.file));
  for (const [file, targets] of graph) {
    if (rules.formatApi.includes(file)) {
      for (const target of targets) {
        if (target.startsWith('formats/core/') || target.startsWith('formats/families/'))
          problems.push(`${file} -> ${target} (the format API is below the cores)`);
      }
    }
    if (!/^formats\/models\/.+\.ts$/.test(file)) continue;
    for (const target of targets) {
      const layer = layerOf(target);
      if (layer === 'formats' || seams.has(target) || target === `${layer}/index.ts`) continue;
      if (layer === 'types' || layer === 'errors' || layer === 'internal') continue;
      problems.push(`${file} -> ${target} (a format definition uses ${layer}/index.ts)`);
    }
  }
  return problems;
}

/**
 * Imports from a file of `layer` into another layer's files other than that layer's `index.ts`
 * (its public entry), as `from -> to`: a layer built only on the public functions of those below.
 */
export function entryReaches(graph: Map<string, string[]>, layer: string): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    if (layerOf(from) !== layer) continue;
    for (const to of targets) {
      const target = layerOf(to);
      if (target !== layer && to !== `${target}/index.ts`) found.push(`${from} -> ${to}`);
    }
  }
  return found;
}
