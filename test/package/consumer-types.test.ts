/**
 * The installed types as a consumer compiles them: the packed tarball (see `packed-project.ts`) checked
 * by TypeScript 5.9 (the repository's) and TypeScript 7 (the registry's latest 7.x, installed into the
 * scratch project), each with `moduleResolution` `nodenext` and `bundler`, without the DOM lib:
 *
 * - every entry, from ESM (and from CommonJS with `import = require` under `nodenext`);
 * - from every entry, each data-model type (`ParseEvent`, `ToolCall`, `Message`, ...) its API names (see
 *   `named-types.ts`), so `import type { ParseEvent } from 'toolwire/stream'` works;
 * - every `import ... from 'toolwire...'` written in README.md, docs/ and examples/;
 * - the entries that use no web or Node globals, with no global types at all;
 * - TypeScript 5.9's legacy `node10` resolution (what a bare `tsc file.ts` uses), through `typesVersions`.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { type EntryTypes, namedDataModel } from './named-types.js';
import { installPacked, repo } from './packed-project.js';
import { runProcess } from './run-process.js';
import probes from './subpath-probes.json' with { type: 'json' };

let scratch = '';
let entryTypes = new Map<string, EntryTypes>();

/** Each subpath and its declaration file, as `package.json` exports them. */
const declarationFiles = new Map(
  Object.entries(packageJson.exports).flatMap(([key, value]) =>
    typeof value === 'string' ? [] : [[`toolwire${key.slice(1)}`, value.types] as const],
  ),
);

beforeAll(async () => {
  // @ai-sdk/provider is toolwire's optional peer: installed so the ai-sdk types can be checked.
  ({ folder: scratch } = await installPacked(['@ai-sdk/provider@^3', 'typescript@^7']));
  entryTypes = namedDataModel(join(scratch, 'node_modules/toolwire'), declarationFiles);
}, 120_000);

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

const compilers = [
  {
    name: 'TypeScript 5.9',
    version: /^Version 5\.9\./,
    bin: () => join(repo, 'node_modules/typescript/bin/tsc'),
  },
  {
    name: 'TypeScript 7',
    version: /^Version 7\./,
    bin: () => join(scratch, 'node_modules/typescript/bin/tsc'),
  },
] as const;
type Compiler = (typeof compilers)[number];

const base = { target: 'ES2022', lib: ['ES2022'], strict: true, noEmit: true, skipLibCheck: false };
const nodeTypes = { types: ['node'], typeRoots: [join(repo, 'node_modules/@types')] };

/** Writes `files` and a tsconfig naming them into the scratch project and compiles; the errors, one a line. */
async function tsc(
  compiler: Compiler,
  compilerOptions: object,
  files: Record<string, string>,
): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
  const config = `tsconfig.${compiler.name.replace(/\W/g, '')}.json`;
  writeFileSync(join(scratch, config), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  const result = await runProcess(process.execPath, [compiler.bin(), '-p', config], { cwd: scratch });
  // @ai-sdk/provider's own declarations import `json-schema`, whose types it does not depend on.
  return result.stdout
    .split('\n')
    .filter((line) => /error TS\d+/.test(line) && !line.includes('node_modules/@ai-sdk/provider/'));
}

const subpaths = probes.map((probe) => probe.subpath);

/** One module per entry, importing from it every data-model type its API names. */
function dataModelFiles(): Record<string, string> {
  return Object.fromEntries(
    [...entryTypes].map(([subpath, { named }], index) => [
      `data-model-${index}.mts`,
      `import type { ${named.join(', ')} } from '${subpath}';\nexport type All = [${named.join(', ')}];\n`,
    ]),
  );
}

/** `import ... from 'toolwire...'` (a named, namespace or default import; type-only or not). */
const importPattern =
  /import\s+(?:type\s+)?(?:\{[^}]*\}|\*\s+as\s+\w+|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+'toolwire(?:\/[\w/-]+)?'/g;

function listFiles(folder: string, extensions: RegExp): string[] {
  return readdirSync(join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.test(name))
    .map((name) => join(repo, folder, name));
}

/** README.md, docs/ and the examples' code. */
const documentation = [
  join(repo, 'README.md'),
  ...listFiles('docs', /\.md$/),
  ...listFiles('examples', /\.(ts|mts|js|mjs)$/),
];

/** Each import of toolwire written in the documentation, with where it is written. */
const documented = documentation.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].map((match) => ({
    where: `${relative(repo, file)}:${text.slice(0, match.index).split('\n').length}`,
    statement: match[0],
  }));
});

/** One module per documented import (the same name may be imported from two entries in two places). */
const documentedFiles = Object.fromEntries(
  documented.map(({ where, statement }, index) => [
    `documented-${index}.mts`,
    `// ${where}\n${statement};\n`,
  ]),
);

const esmConsumer = [
  ...subpaths.map((subpath, index) => `import * as m${index} from '${subpath}';`),
  "import type { ParseResult } from 'toolwire';",
  "const result: ParseResult = m0.parseToolCalls('', { format: 'hermes' });",
  "const events: TransformStream<string, unknown> = m4.toTransformStream({ format: 'hermes' });",
  `export const all = [result, events, ${subpaths.map((_, index) => `m${index}`).join(', ')}];`,
].join('\n');

const cjsConsumer = [
  ...subpaths.map((subpath, index) => `import m${index} = require('${subpath}');`),
  `export const all = [${subpaths.map((_, index) => `m${index}`).join(', ')}];`,
].join('\n');

const resolutions = [
  { name: 'nodenext', options: { module: 'NodeNext', moduleResolution: 'NodeNext' } },
  { name: 'bundler', options: { module: 'Preserve', moduleResolution: 'Bundler' } },
] as const;

describe('the data-model types an entry names', () => {
  it('are exported from that entry', () => {
    const missing = [...entryTypes].flatMap(([subpath, { named, exported }]) =>
      named.filter((name) => !exported.has(name)).map((name) => `${subpath}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('are read for every entry: ParseEvent for toolwire/stream, none for toolwire/json', () => {
    expect([...entryTypes.keys()]).toEqual(subpaths);
    expect(entryTypes.get('toolwire/stream')?.named).toContain('ParseEvent');
    expect(entryTypes.get('toolwire/json')?.named).toEqual([]);
  });
});

describe('the documented imports', () => {
  it('are all found: every `from ’toolwire…’` in README.md, docs/ and examples/ is an import the scan reads', () => {
    const written = documentation
      // "import from 'toolwire'" in prose has no clause to import: not a statement.
      .map((file) => readFileSync(file, 'utf8').match(/(?<!import\s)from\s+'toolwire[^']*'/g)?.length ?? 0)
      .reduce((sum, count) => sum + count, 0);
    expect(documented.length).toBe(written);
    expect(documented.length).toBeGreaterThan(0);
  });
});

for (const compiler of compilers) {
  describe(`the installed types under ${compiler.name}, without the DOM lib`, () => {
    it('is the TypeScript version named', async () => {
      const result = await runProcess(process.execPath, [compiler.bin(), '-v'], { cwd: scratch });
      expect(result.stdout).toMatch(compiler.version);
    });

    for (const resolution of resolutions)
      it(
        `compile with moduleResolution ${resolution.name}: every entry, the data model from each entry, every documented import`,
        { timeout: 120_000 },
        async () => {
          const files: Record<string, string> = {
            'consumer.mts': esmConsumer,
            ...(resolution.name === 'nodenext' ? { 'consumer.cts': cjsConsumer } : {}),
            ...dataModelFiles(),
            ...documentedFiles,
          };
          const errors = await tsc(compiler, { ...base, ...resolution.options, ...nodeTypes }, files);
          expect(errors).toEqual([]);
        },
      );

    it(
      'compile without any global types for the subpaths that use no web or Node globals',
      { timeout: 60_000 },
      async () => {
        const standalone = ['toolwire/json', 'toolwire/schema', 'toolwire/formats', 'toolwire/grammar'];
        const consumer = standalone.map((subpath, index) => `export * as m${index} from '${subpath}';`);
        const options = { ...base, module: 'NodeNext', moduleResolution: 'NodeNext', types: [] };
        expect(await tsc(compiler, options, { 'standalone.mts': consumer.join('\n') })).toEqual([]);
      },
    );
  });
}

describe('the installed types under TypeScript 5.9 with the legacy node10 resolution', () => {
  it(
    'compile a CommonJS consumer of every entry and the data model (typesVersions)',
    { timeout: 60_000 },
    async () => {
      const named = entryTypes.get('toolwire/stream')?.named ?? [];
      const consumer = [
        ...subpaths.map((subpath, index) => `import * as m${index} from '${subpath}';`),
        `import type { ${named.join(', ')} } from 'toolwire/stream';`,
        `export type All = [${named.join(', ')}];`,
        `export const all = [${subpaths.map((_, index) => `m${index}`).join(', ')}];`,
      ].join('\n');
      const options = { ...base, module: 'CommonJS', moduleResolution: 'node10', ...nodeTypes };
      expect(await tsc(compilers[0], options, { 'legacy.ts': consumer })).toEqual([]);
    },
  );
});
