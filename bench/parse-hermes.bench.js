// Whole-text parse throughput of Hermes-style messages, 200 B to 1 MB, beside the floor: indexOf of
// '<tool_call>' and '</tool_call>' + JSON.parse of each slice. The floor is not correct (a
// '</tool_call>' inside a JSON string cuts it, no repair, no content, no checks) but shows the cost of
// touching the bytes at all. Beside it, what a naive user writes (a regular expression + JSON.parse),
// and toolwire without tools and with tools (arguments aligned to the schema). A second table runs
// the same messages with one `\u00e9` escape in each call's content (an escaped accent or a Windows
// path is common in real output). Ratios are throughput ÷ the floor's: 1 is the floor's speed.
// Each cell is the median of 3 best-of measurements, the contenders taking turns in one process.
import { parseToolCalls } from '../dist/index.js';
import { reportGoal } from './goals.js';
import { measureBatched as measure, printTable, throughput } from './measure.js';

const v8 = await import('node:v8');
const vm = await import('node:vm');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const tools = [
  {
    name: 'write_file',
    description: 'Write a file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        overwrite: { type: 'boolean' },
        tags: { type: 'array', items: { type: ['string', 'integer'] } },
      },
      required: ['path', 'content'],
    },
  },
];

/**
 * A Hermes message of about `targetBytes`: a line of prose, then `write_file` calls of at most about
 * 1 KB each (one short call at 200 B). `accent`: each call's content holds an escaped `\u00e9`.
 */
function hermesMessage(targetBytes, accent = false) {
  const parts = ['Let me take care of that in a few steps.\n'];
  let size = parts[0].length;
  let index = 0;
  const lines = targetBytes < 1000 ? 0 : 4;
  while (size < targetBytes) {
    const line = `line ${index}: ${'lorem ipsum dolor sit amet '.repeat(8)}\\n`;
    const body = lines === 0 ? `line ${index}: lorem ipsum` : line.repeat(lines);
    const content = accent ? `caf\\u00e9 ${body}` : body;
    const call = `<tool_call>\n{"name": "write_file", "arguments": {"path": "notes/${index}.md", "content": "${content}", "overwrite": true, "tags": ["a", "b", ${index}]}}\n</tool_call>\n`;
    parts.push(call);
    size += call.length;
    index++;
  }
  return parts.join('');
}

function floor(text) {
  const calls = [];
  let position = 0;
  for (;;) {
    const start = text.indexOf('<tool_call>', position);
    if (start < 0) break;
    const end = text.indexOf('</tool_call>', start);
    if (end < 0) break;
    calls.push(JSON.parse(text.slice(start + 11, end)));
    position = end + 12;
  }
  return calls;
}

const callPattern = /<tool_call>([\s\S]*?)<\/tool_call>/g;
function regex(text) {
  const calls = [];
  for (const match of text.matchAll(callPattern)) calls.push(JSON.parse(match[1]));
  return calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratio = (floorMs, ms) => (floorMs / ms).toFixed(2);

function table(accent) {
  const rows = [
    [
      'size',
      'bytes',
      'calls',
      'floor MB/s',
      'regex MB/s',
      'toolwire MB/s',
      'with tools MB/s',
      'regex ÷ floor',
      'toolwire ÷ floor',
      'with tools ÷ floor',
    ],
  ];
  for (const [label, size] of [
    ['200 B', 200],
    ['4 KB', 4_000],
    ['64 KB', 64_000],
    ['1 MB', 1_000_000],
  ]) {
    const text = hermesMessage(size, accent);
    const bytes = Buffer.byteLength(text);
    const ours = parseToolCalls(text, { format: 'hermes' });
    const aligned = parseToolCalls(text, { format: 'hermes', tools });
    const expected = floor(text).length;
    if (
      ours.toolCalls.length !== expected ||
      aligned.toolCalls.length !== expected ||
      regex(text).length !== expected
    )
      throw new Error(`${label}: call counts differ`);
    const budget = size >= 64_000 ? 600 : 300;
    const timings = { floor: [], regex: [], ours: [], tools: [] };
    for (let round = 0; round < 3; round++) {
      gc();
      timings.floor.push(measure(() => floor(text), budget));
      gc();
      timings.regex.push(measure(() => regex(text), budget));
      gc();
      timings.ours.push(measure(() => parseToolCalls(text, { format: 'hermes' }), budget));
      gc();
      timings.tools.push(measure(() => parseToolCalls(text, { format: 'hermes', tools }), budget));
    }
    const floorMs = median(timings.floor);
    const regexMs = median(timings.regex);
    const oursMs = median(timings.ours);
    const toolsMs = median(timings.tools);
    if (!accent) {
      reportGoal('hermes', label, floorMs / oursMs);
      reportGoal('hermes-tools', label, floorMs / toolsMs);
      reportGoal('hermes-regex', label, floorMs / regexMs);
    }
    rows.push([
      label,
      bytes,
      expected,
      throughput(bytes, floorMs).toFixed(0),
      throughput(bytes, regexMs).toFixed(0),
      throughput(bytes, oursMs).toFixed(0),
      throughput(bytes, toolsMs).toFixed(0),
      ratio(floorMs, regexMs),
      ratio(floorMs, oursMs),
      ratio(floorMs, toolsMs),
    ]);
  }
  printTable(rows);
}

console.log('Whole-text Hermes parse (goal: toolwire ÷ floor >= 0.7, with tools >= 0.6)');
table(false);
console.log('\nThe same messages with one \\u00e9 escape in each call');
table(true);
