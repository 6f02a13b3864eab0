// Whole-text parse throughput of Hermes-style messages, 1 KB to 1 MB, beside the naive floor:
// indexOf('<tool_call>') + indexOf('</tool_call>') + JSON.parse of the slice. The floor is not
// correct (a '</tool_call>' inside a JSON string cuts it, no repair, no content) but shows the
// cost of touching the bytes at all.
import { parseToolCalls } from '../dist/index.js';
import { measure, printTable, throughput } from './measure.js';

function hermesMessage(targetBytes) {
  const parts = ['Let me take care of that in a few steps.\n'];
  let size = parts[0].length;
  let index = 0;
  while (size < targetBytes) {
    const content = `line ${index}: ${'lorem ipsum dolor sit amet '.repeat(8)}\\n`.repeat(4);
    const call = `<tool_call>\n{"name": "write_file", "arguments": {"path": "notes/${index}.md", "content": "${content}", "overwrite": true, "tags": ["a", "b", ${index}]}}\n</tool_call>\n`;
    parts.push(call);
    size += call.length;
    index++;
  }
  return parts.join('');
}

function naive(text) {
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

const rows = [['size', 'toolwire MB/s', 'naive MB/s', 'toolwire/naive', 'calls']];
for (const size of [1_000, 16_000, 64_000, 256_000, 1_000_000]) {
  const text = hermesMessage(size);
  const ours = parseToolCalls(text, { format: 'hermes' });
  const floor = naive(text);
  if (ours.toolCalls.length !== floor.length)
    throw new Error(`call count differs: ${ours.toolCalls.length} vs ${floor.length}`);
  const oursMs = measure(() => parseToolCalls(text, { format: 'hermes' }));
  const naiveMs = measure(() => naive(text));
  const bytes = Buffer.byteLength(text);
  rows.push([
    `${Math.round(bytes / 1000)} KB`,
    throughput(bytes, oursMs).toFixed(0),
    throughput(bytes, naiveMs).toFixed(0),
    (naiveMs / oursMs).toFixed(2),
    ours.toolCalls.length,
  ]);
}
printTable(rows);
