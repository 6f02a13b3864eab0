// The batch benchmarks' responses: every examples/*.txt output (one per format, sorted by format id)
// with its format, and the tools they are parsed with (examples/tools.json). `batch.bench.js` and
// `compare-builds.js` build their 20,000-response loops from these, each output in turn.
import { readdirSync, readFileSync } from 'node:fs';

const examples = new URL('../examples/', import.meta.url);

export const exampleTools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8'));

/** `{ format, input }` per example output, sorted by file name. */
export const exampleOutputs = readdirSync(examples)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => ({
    format: name.slice(0, -'.txt'.length),
    input: readFileSync(new URL(name, examples), 'utf8'),
  }));
