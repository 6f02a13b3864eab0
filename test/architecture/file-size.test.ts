import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceRoot } from './import-graph.js';

// issue 17 item 2: "no source file over about 600 lines unless it is one algorithm that reads better
// whole (say why at its top)". The reason is a comment with `Kept whole:` in the file's first 30 lines.
const limit = 600;
const reasonWindow = 30;

/** `path: N lines` for each file longer than `limit` lines whose top gives no `Kept whole:` reason. */
function oversizedWithoutReason(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const lines = text.split('\n');
    if (lines.length <= limit) continue;
    if (lines.slice(0, reasonWindow).some((line) => line.includes('Kept whole:'))) continue;
    found.push(`${path}: ${lines.length} lines`);
  }
  return found;
}

describe('source file size', () => {
  it('has no file over 600 lines without its reason at the top', () => {
    const files = sourceFiles().map((path) => ({ path, text: readFileSync(join(sourceRoot, path), 'utf8') }));
    expect(oversizedWithoutReason(files)).toEqual([]);
  });

  it('flags a long file without a reason and passes one with it', () => {
    const body = '\nconst x = 1;'.repeat(limit);
    expect(
      oversizedWithoutReason([
        { path: 'a.ts', text: `// one job${body}` },
        { path: 'b.ts', text: `// Kept whole: one recursive descent${body}` },
        { path: 'c.ts', text: 'const short = 1;\n' },
      ]),
    ).toEqual([`a.ts: ${limit + 1} lines`]);
  });
});
