import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { readFileSync, existsSync } from 'node:fs';
import { schemaGrammar } from '../dist/grammar/index.js';
import { measure } from './measure.js';
import { sameLanguageSchema } from '/work/wt-gbnf/bench/same-language-schemas.js';
const require = createRequire(import.meta.url);
const llamaDist = dirname(require.resolve('node-llama-cpp'));
const { getGbnfGrammarForGbnfJsonSchema } = await import(pathToFileURL(join(llamaDist, 'utils/gbnfJson/getGbnfGrammarForGbnfJsonSchema.js')).href);
const corpus = new URL('../../shared/corpus/grammar/', import.meta.url);
const readLines = (name) => readFileSync(fileURLToPath(new URL(name, corpus)), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const unique = new Map();
for (const line of readLines('json-schema-test-suite.jsonl')) if (!line.optional && typeof line.schema === 'object') unique.set(JSON.stringify(line.schema), line.schema);
for (const line of readLines('llama.cpp-integration.jsonl')) if (line.kind === 'schema') unique.set(JSON.stringify(line.schema), line.schema);
const same = new Map();
for (const s of unique.values()) { const r = sameLanguageSchema(s); if (r.schema) same.set(JSON.stringify(r.schema), r.schema); }
const tw = (s) => schemaGrammar(s, { dialect: 'gbnf' }).grammar, nlc = (s) => getGbnfGrammarForGbnfJsonSchema(s);
const list = [...same.values()].filter((s) => { try { tw(s); nlc(s); return true; } catch { return false; } });
const orig = [...unique.values()].filter((s) => { try { tw(s); nlc(s); return true; } catch { return false; } });
for (const [name, l] of [['same language', list], ['corpus', orig]]) {
  let a = Infinity, b = Infinity;
  for (let i = 0; i < 4; i++) { a = Math.min(a, measure(() => { for (const s of l) tw(s); }, 300)); b = Math.min(b, measure(() => { for (const s of l) nlc(s); }, 300)); }
  console.log(name, l.length, 'toolwire', a.toFixed(3), 'ms nlc', b.toFixed(3), 'ms ratio', (a / b).toFixed(2));
}
