// AI SDK middleware comparison (issue 13 item 3): toolwire's `toolCallMiddleware` and
// `@ai-sdk-tool/parser`'s middlewares for the formats it has (hermes, qwen3_coder), each wrapped around
// an AI SDK `MockLanguageModelV3` that replays the parse corpus's real model outputs
// (`shared/corpus/parse/*.jsonl`, cases of those formats that are not partial-stream cases).
//   1. Pass counts per format: a case passes when the tool calls the AI SDK reports (`generateText`, and
//      `streamText` with 5-character chunks) have the corpus's expected names and arguments, in order.
//      Cases whose expected arguments are not a whole JSON object (the source's cut-off calls) are left
//      out: there the right answer is "no valid call", which both report differently (invalid call vs
//      nothing). Then the cases where the two differ, with what each reported.
//   2. Streaming cost per call: `wrapStream` of each middleware over every case of the format at
//      4-character chunks, best-of rounds, microseconds per case; and one 64 KB single-call output.
import { readdirSync, readFileSync } from 'node:fs';
import { hermesToolMiddleware, qwen3CoderToolMiddleware } from '@ai-sdk-tool/parser';
import { generateText, jsonSchema, simulateReadableStream, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { toolCallMiddleware } from '../dist/ai-sdk/index.js';
import { getFormat } from '../dist/formats/index.js';
import { partStream } from './ai-sdk-parts.js';
import { printTable } from './measure.js';

globalThis.AI_SDK_LOG_WARNINGS = false;
const corpus = new URL('../../shared/corpus/parse/', import.meta.url);
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

const peers = { hermes: hermesToolMiddleware, qwen3_coder: qwen3CoderToolMiddleware };
const cases = [];
for (const name of readdirSync(corpus)
  .filter((file) => file.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(new URL(name, corpus), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const testCase = JSON.parse(line);
    let format;
    try {
      format = getFormat(testCase.format).id;
    } catch {
      continue;
    }
    if (!(format in peers) || testCase.options?.partial === true) continue;
    const expected = (testCase.expected.tool_calls ?? []).map((call) => ({
      name: call.name,
      arguments: call.arguments ?? parseOrUndefined(call.arguments_text),
    }));
    if (expected.some((call) => call.arguments === undefined || typeof call.arguments !== 'object')) continue;
    cases.push({ ...testCase, format, expected });
  }
}

function parseOrUndefined(text) {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The case's tools, or permissive tools named by the expected calls (both middlewares need tools). */
function toolsFor(testCase) {
  const definitions =
    testCase.tools.length > 0
      ? testCase.tools
      : [...new Set(testCase.expected.map((call) => call.name))].map((name) => ({
          name,
          parameters: { type: 'object' },
        }));
  if (definitions.length === 0) definitions.push({ name: 'unused_tool', parameters: { type: 'object' } });
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      tool({ description: definition.description, inputSchema: jsonSchema(definition.parameters) }),
    ]),
  );
}

function mock(text, chunkSize) {
  const deltas = [];
  for (let index = 0; index < text.length; index += chunkSize)
    deltas.push(text.slice(index, index + chunkSize));
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: simulateReadableStream({
        initialDelayInMs: null,
        chunkDelayInMs: null,
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: '0' },
          ...deltas.map((delta) => ({ type: 'text-delta', id: '0', delta })),
          { type: 'text-end', id: '0' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ],
      }),
    }),
  });
}

const contenders = {
  toolwire: (format) => toolCallMiddleware({ format }),
  '@ai-sdk-tool/parser': (format) => peers[format],
};

const calls = (toolCalls) =>
  toolCalls
    .filter((call) => call.invalid !== true)
    .map((call) => ({ name: call.toolName, arguments: call.input }));

function same(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}

async function run(name, testCase) {
  const middleware = contenders[name](testCase.format);
  const tools = toolsFor(testCase);
  const onError = () => {};
  let whole;
  let streamed;
  try {
    const model = wrapLanguageModel({ model: mock(testCase.input, 5), middleware });
    whole = calls((await generateText({ model, tools, prompt: 'x' })).toolCalls);
  } catch (error) {
    whole = `error: ${error.message}`;
  }
  try {
    const model = wrapLanguageModel({ model: mock(testCase.input, 5), middleware });
    const result = streamText({ model, tools, prompt: 'x', onError });
    streamed = calls(await result.toolCalls);
  } catch (error) {
    streamed = `error: ${error.message}`;
  }
  return { whole, streamed, pass: same(whole, testCase.expected) && same(streamed, testCase.expected) };
}

const results = new Map();
for (const testCase of cases) {
  const entry = {};
  for (const name of Object.keys(contenders)) entry[name] = await run(name, testCase);
  results.set(testCase, entry);
}

console.log(
  `Pass counts over ${cases.length} parse-corpus cases (generateText and streamText at 5-char chunks both right):`,
);
const rows = [['format', 'cases', ...Object.keys(contenders)]];
for (const format of Object.keys(peers)) {
  const own = cases.filter((testCase) => testCase.format === format);
  rows.push([
    format,
    own.length,
    ...Object.keys(contenders).map(
      (name) => own.filter((testCase) => results.get(testCase)[name].pass).length,
    ),
  ]);
}
printTable(rows);

console.log('\nCases where they differ:');
const show = (value) => (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 140);
for (const [testCase, entry] of results) {
  const [a, b] = Object.keys(contenders);
  if (entry[a].pass === entry[b].pass) continue;
  console.log(`- ${testCase.id}: expected ${show(testCase.expected)}`);
  for (const name of [a, b]) {
    const { whole, streamed, pass } = entry[name];
    const got = same(whole, streamed) ? show(whole) : `whole ${show(whole)} / stream ${show(streamed)}`;
    console.log(`    ${name} ${pass ? 'pass' : 'FAIL'}: ${got}`);
  }
}

/** Best-of rounds of `wrapStream` over `outputs` at 4-character chunks, µs per output. */
async function streamCost(name, format, outputs) {
  const middleware = contenders[name](format);
  const params = await middleware.transformParams({
    type: 'stream',
    params: {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
      tools: [{ type: 'function', name: 'write_file', inputSchema: { type: 'object' } }],
    },
    model: mock('', 4),
  });
  const chunked = outputs.map((text) => {
    const parts = [{ type: 'text-start', id: '0' }];
    for (let index = 0; index < text.length; index += 4)
      parts.push({ type: 'text-delta', id: '0', delta: text.slice(index, index + 4) });
    parts.push(
      { type: 'text-end', id: '0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    );
    return parts;
  });
  const once = async () => {
    for (const parts of chunked) {
      // One part per read, as a network response hands them over: a source that enqueues every part
      // in `start()` is itself quadratic in Node's ReadableStream at 64 KB and would time the source.
      const doStream = async () => ({ stream: partStream(parts) });
      const { stream } = await middleware.wrapStream({
        doStream,
        doGenerate: async () => ({}),
        params,
        model: mock('', 4),
      });
      const reader = stream.getReader();
      while (!(await reader.read()).done) {}
    }
  };
  await once();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + 1500;
  for (let round = 0; round < 3 || performance.now() < deadline; round++) {
    const start = performance.now();
    await once();
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1000) / outputs.length;
}

const big = {
  hermes: `<tool_call>\n{"name": "write_file", "arguments": {"path": "a.txt", "content": ${JSON.stringify('x'.repeat(64_000))}}}\n</tool_call>`,
  qwen3_coder: `<tool_call>\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\n${'x'.repeat(64_000)}\n</parameter>\n</function>\n</tool_call>`,
};
console.log('\nStreaming cost per call (wrapStream, 4-character chunks, best of rounds):');
const costRows = [['format', 'output', ...Object.keys(contenders).map((name) => `${name} µs`)]];
for (const format of Object.keys(peers)) {
  const outputs = cases.filter((testCase) => testCase.format === format).map((testCase) => testCase.input);
  for (const [label, set] of [
    ['corpus case (mean)', outputs],
    ['64 KB call', [big[format]]],
  ]) {
    const row = [format, label];
    // One contender at a time, so their timings do not overlap.
    for (const name of Object.keys(contenders)) row.push((await streamCost(name, format, set)).toFixed(0));
    costRows.push(row);
  }
}
printTable(costRows);
