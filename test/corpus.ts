/**
 * Tests that need the peer corpus (`../shared/corpus/`, see `corpus-path.ts`) go through these: with
 * the corpus they run as written; without it they register one skipped test and print one line naming
 * what was skipped and the path that is missing.
 */
import { describe, it } from 'vitest';
import { hasCorpus } from './corpus-path.js';

export { corpusUrl, hasCorpus } from './corpus-path.js';

/**
 * Registers one skipped test for `name` and prints one line: `skipped (no ../shared/corpus/<path>): <name>`.
 * For a file that decides itself what to register when the corpus is missing.
 */
export function skipCorpus(path: string, name: string): void {
  console.log(`skipped (no ../shared/corpus/${path}): ${name}`);
  it.skip(`${name} (needs ../shared/corpus/${path})`, () => {});
}

/**
 * `describe(name, body)` when `shared/corpus/<path>` exists; otherwise `skipCorpus(path, name)` and
 * `body` is never called, so it may read the corpus (or import a module that does) unguarded.
 */
export function describeCorpus(path: string, name: string, body: () => void | Promise<void>): void {
  if (hasCorpus(path)) describe(name, body);
  else skipCorpus(path, name);
}
