import { describe, expect, it } from 'vitest';
import {
  entryReaches,
  findCycles,
  formatReaches,
  importGraph,
  type LayerRules,
  layerRules,
  sourceFiles,
  upwardImports,
} from './import-graph.js';

// issue 17 item 3: imports point downward only (design.md "Layers"), checked on every `npm test`.
const graph = importGraph();

describe('import graph of src/', () => {
  it('reads every source file and its relative imports', () => {
    expect(graph.size).toBe(sourceFiles().length);
    expect(graph.get('json/decode-lenient.ts')).toEqual([
      'json/json-repair.ts',
      'json/lenient-json-mode.ts',
      'json/lenient-json-parser.ts',
    ]);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('has no import pointing up the layer order of test/architecture/layers.json', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no format definition reaching into another layer, and no format API reaching into the cores', () => {
    expect(formatReaches(graph)).toEqual([]);
  });

  it('has the server layer use only the public entries (index.ts) of the layers below', () => {
    expect(entryReaches(graph, 'server')).toEqual([]);
  });

  it('names every layer folder of src/ in layers.json', () => {
    const folders = new Set(sourceFiles().map((file) => (file.includes('/') ? file.split('/')[0] : 'index')));
    const listed = new Set(layerRules.order.flat());
    expect([...folders].filter((folder) => !listed.has(folder as string))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const rules: LayerRules = { ...layerRules, allowed: [] };
  const toy = new Map<string, string[]>([
    ['json/a.ts', ['schema/b.ts']],
    ['schema/b.ts', ['json/a.ts']],
    ['providers/c.ts', ['formats/models/d.ts']],
    [
      'formats/models/d.ts',
      ['json/parser.ts', 'json/index.ts', 'internal/e.ts', 'grammar/envelope/envelope-spec.ts'],
    ],
    ['formats/format-definition.ts', ['formats/core/f.ts']],
    ['stream/index.ts', ['providers/g.ts']],
  ]);

  it('finds a server file reaching past a layer entry', () => {
    const graphWithServer = new Map<string, string[]>([
      ['server/a.ts', ['server/b.ts', 'formats/index.ts', 'formats/registry.ts']],
      ['server/b.ts', ['types/index.ts']],
    ]);
    expect(entryReaches(graphWithServer, 'server')).toEqual(['server/a.ts -> formats/registry.ts']);
  });

  it('finds a cycle', () => {
    expect(findCycles(toy)).toEqual([['json/a.ts', 'schema/b.ts', 'json/a.ts']]);
  });

  it('finds upward and forbidden imports', () => {
    expect(upwardImports(toy, rules)).toEqual([
      'json/a.ts -> schema/b.ts (json may not import schema)',
      'providers/c.ts -> formats/models/d.ts (providers and formats stay apart)',
      'stream/index.ts -> providers/g.ts (stream may not import providers)',
    ]);
  });

  it('finds a definition reaching into internals and the API reaching into the cores', () => {
    expect(formatReaches(toy, rules)).toEqual([
      'formats/models/d.ts -> json/parser.ts (a format definition uses json/index.ts)',
      'formats/format-definition.ts -> formats/core/f.ts (the format API is below the cores)',
    ]);
  });
});
