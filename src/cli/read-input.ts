import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/** Reads a whole file, or standard input for `undefined` / `-`. Unreadable files are usage errors. */
export function readInput(file: string | undefined): string {
  try {
    return readFileSync(file === undefined || file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file ?? 'standard input'}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Reads and parses a JSON file given on the command line; bad JSON is a usage error naming the option. */
export function readJsonFile(file: string, option: string): unknown {
  const text = readInput(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${option} ${file}: not valid JSON (${(error as Error).message})`);
  }
}
