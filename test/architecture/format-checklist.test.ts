/**
 * docs/architecture.md "Adding a format", checked for every format the registry lists: its definition
 * file in `src/formats/models/`, its export from the formats entry (for `parseWith`), its cases table,
 * its example output, a prompt renderer of its own, a grammar envelope, and its row in docs/formats.md.
 * A step a format skips needs a reason in `format-checklist.json`; a reason for a step the format has
 * fails too, so the list stays true.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promptRenderers } from '../../src/ai-sdk/index.js';
import * as formatsEntry from '../../src/formats/index.js';
import { getFormat, listFormats } from '../../src/formats/index.js';

interface Reasons {
  readonly renderer: Readonly<Record<string, string>>;
  readonly envelope: Readonly<Record<string, string>>;
}

const root = new URL('../../', import.meta.url);
const reasons = JSON.parse(
  readFileSync(new URL('./format-checklist.json', import.meta.url), 'utf8'),
) as Reasons;
const formatsPage = readFileSync(new URL('docs/formats.md', root), 'utf8');
const ids = listFormats().map((format) => format.id);

/** `qwen3_coder` → `qwen3-coder`: definition files are the id in kebab-case. */
const fileName = (id: string): string => `${id.replaceAll('_', '-')}.ts`;

/**
 * Whether `value` is the definition of format `id` (the registry wraps definitions to align by default,
 * so the registered object is not the exported one: the id and the parser factory tell).
 */
function definesId(value: unknown, id: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { id?: unknown }).id === id &&
    typeof (value as { create?: unknown }).create === 'function'
  );
}

/** The steps a format misses, as `id: step` lines. */
function missing(id: string, has: (id: string) => boolean, step: string): string[] {
  return has(id) ? [] : [`${id}: ${step}`];
}

describe('every registry format has each step of "Adding a format"', () => {
  it('1. a definition file, src/formats/models/<id>.ts, that exports the registered definition', async () => {
    const wrong: string[] = [];
    for (const id of ids) {
      const file = new URL(`src/formats/models/${fileName(id)}`, root);
      const defines =
        existsSync(file) && Object.values(await import(file.href)).some((value) => definesId(value, id));
      if (!defines) wrong.push(`${id}: src/formats/models/${fileName(id)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('and no file in src/formats/models/ is a definition the registry leaves out', () => {
    const files = readdirSync(new URL('src/formats/models/', root)).filter((file) => file.endsWith('.ts'));
    expect(files.sort()).toEqual(ids.map(fileName).sort());
  });

  it('2. registered: the formats entry exports the definition by name, for parseWith', () => {
    const exported = Object.values(formatsEntry);
    expect(
      ids.flatMap((id) => missing(id, () => exported.some((value) => definesId(value, id)), 'export')),
    ).toEqual([]);
  });

  it('3. a cases table, test/formats/<id>.json, with at least one case', () => {
    const wrong = ids.flatMap((id) =>
      missing(
        id,
        () => {
          const file = new URL(`test/formats/${id}.json`, root);
          return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length > 0;
        },
        'test/formats/<id>.json',
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('4. an example output, examples/<id>.txt', () => {
    const wrong = ids.flatMap((id) =>
      missing(id, () => existsSync(new URL(`examples/${id}.txt`, root)), 'examples/<id>.txt'),
    );
    expect(wrong).toEqual([]);
  });

  it('5. a prompt renderer of its own in promptRenderers, or a reason in format-checklist.json', () => {
    const without = ids.filter((id) => promptRenderers[id] === undefined);
    expect(without.sort()).toEqual(Object.keys(reasons.renderer).sort());
  });

  it('6. a grammar envelope, or a reason in format-checklist.json', () => {
    const without = ids.filter((id) => getFormat(id).envelope === undefined);
    expect(without.sort()).toEqual(Object.keys(reasons.envelope).sort());
  });

  it('7. a row in docs/formats.md', () => {
    const wrong = ids.flatMap((id) =>
      missing(id, () => formatsPage.includes(`| [\`${id}\`](`), 'docs/formats.md row'),
    );
    expect(wrong).toEqual([]);
  });

  it('lists reasons only for formats the registry has', () => {
    const listed = [...Object.keys(reasons.renderer), ...Object.keys(reasons.envelope)];
    expect(listed.filter((id) => !ids.includes(id))).toEqual([]);
  });
});
