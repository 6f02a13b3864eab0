/**
 * docs/architecture.md "Adding a provider", checked for every id `getProvider` takes: its folder in
 * `src/providers/`, a converter that names itself by that id and is exported by name, its own tests in
 * `test/providers/<id>/`, and its row in docs/providers.md. The provider-wide tests
 * (`cross-provider`, `conversion-keeps-data`, `input-sized-lists`) loop over `providerIds`, so a new id
 * is in them without an edit.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as providersEntry from '../../src/providers/index.js';
import { getProvider, providerIds } from '../../src/providers/index.js';

const root = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/providers.md', root), 'utf8');

/** `openai-chat` → `openaiChat`: the converter's export name. */
const exportName = (id: string): string =>
  id.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('every provider has each step of "Adding a provider"', () => {
  it('a folder src/providers/<id>/', () => {
    expect(providerIds.filter((id) => !existsSync(new URL(`src/providers/${id}/`, root)))).toEqual([]);
  });

  it('a converter whose id is its own, exported by name from toolwire/providers', () => {
    const entry = providersEntry as Record<string, unknown>;
    const wrong = providerIds.filter(
      (id) => getProvider(id).id !== id || entry[exportName(id)] !== getProvider(id),
    );
    expect(wrong).toEqual([]);
  });

  it('cases of its own in test/providers/<id>/ (JSON files its tests read)', () => {
    const wrong = providerIds.filter((id) => {
      const folder = new URL(`test/providers/${id}/`, root);
      return !existsSync(folder) || !readdirSync(folder).some((file) => file.endsWith('.json'));
    });
    expect(wrong).toEqual([]);
  });

  it('a row in docs/providers.md naming its converter', () => {
    const wrong = providerIds.filter((id) => !page.includes(`| \`${id}\` | \`${exportName(id)}\` |`));
    expect(wrong).toEqual([]);
  });
});
