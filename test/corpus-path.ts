/**
 * Where the peer test corpus is: `shared/corpus/` sits beside the repository (locally and in CI), not
 * inside it, so a clone without `../shared` has none. No test-runner import here: the fuzz runner and
 * other scripts read the corpus through this module too.
 */
import { existsSync } from 'node:fs';

const corpusRoot = new URL('../../shared/corpus/', import.meta.url);

/** `shared/corpus/<path>` (a folder path ends in `/`). */
export function corpusUrl(path: string): URL {
  return new URL(path, corpusRoot);
}

/** Whether `shared/corpus/<path>` exists. */
export function hasCorpus(path: string): boolean {
  return existsSync(corpusUrl(path));
}
