import { readFileSync, writeFileSync } from 'node:fs';
import { parseToolCallChunks } from './src/formats/parse-tool-calls.js';
import { qwen3Coder } from './src/formats/qwen3-coder.js';
import { minimaxM2 } from './src/formats/minimax-m2.js';
import { deepseekV32 } from './src/formats/deepseek-v32.js';
const extra: any = {};
try { Object.assign(extra, await import('./.xp-extra.ts')); } catch {}
const all: any = { qwen3_coder: qwen3Coder, minimax_m2: minimaxM2, deepseek_v32: deepseekV32, ...extra.formats };
const [id, src, out] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(src!, 'utf8'));
for (const c of cases) {
  const r = parseToolCallChunks([c.input], { format: all[id!], ...(c.tools ? { tools: c.tools } : {}), ...(c.options ?? {}) });
  const expected: any = { content: r.content };
  if (r.reasoning !== '') expected.reasoning = r.reasoning;
  expected.tool_calls = r.toolCalls.map((t) => ({ name: t.name, arguments: t.arguments }));
  if (r.invalidToolCalls.length) expected.invalid_tool_calls = r.invalidToolCalls.map((t) => ({ ...(t.name !== undefined ? { name: t.name } : {}), raw: t.raw, error: t.error }));
  c.expected = expected;
}
const text = JSON.stringify(cases, null, 2);
if (out) writeFileSync(out, JSON.stringify(cases, (k, v) => (k === 'error' ? undefined : v), 2) + '\n');
console.log(text);
