import { existsSync, readFileSync } from 'node:fs';
import { normalizeTools } from '../formats/core/tool-index.js';
import { parseToolCalls } from '../formats/parse-tool-calls.js';
import { listFormats } from '../formats/registry.js';

/**
 * `toolwire demo`: parses `examples/<format-id>.txt` for every registered format, in the order
 * `toolwire formats` lists them, with the tools of `examples/tools.json`, and prints, per example, the
 * format, the content, the reasoning and each call, readable in a terminal. A format without an example
 * file is named in the last line rather than skipped silently (test/package/formats-in-step.test.ts
 * keeps examples/ complete).
 */
export function runDemoCommand(examplesDirectory: URL, write: (text: string) => void, color: boolean): void {
  const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const tools = normalizeTools(JSON.parse(readFileSync(new URL('tools.json', examplesDirectory), 'utf8')));
  let formats = 0;
  let calls = 0;
  const missing: string[] = [];
  for (const { id: format } of listFormats()) {
    const file = new URL(`${format}.txt`, examplesDirectory);
    if (!existsSync(file)) {
      missing.push(format);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    const result = parseToolCalls(text, { format, tools });
    formats++;
    const lines = [paint('1;36', `── ${format} `.padEnd(72, '─'))];
    if (result.reasoning.trim() !== '')
      lines.push(`${paint('2', 'reasoning:')} ${oneLine(result.reasoning)}`);
    if (result.content.trim() !== '') lines.push(`${paint('2', 'content:  ')} ${oneLine(result.content)}`);
    for (const call of result.toolCalls) {
      calls++;
      lines.push(`${paint('32', '→ call')} ${paint('1', call.name)} ${JSON.stringify(call.arguments)}`);
    }
    for (const call of result.invalidToolCalls) {
      lines.push(`${paint('31', '✗ invalid')} ${call.name ?? '?'}: ${call.error}`);
    }
    write(`${lines.join('\n')}\n\n`);
  }
  const without = missing.length > 0 ? `; no example for ${missing.join(', ')}` : '';
  write(
    `${calls} tool calls from ${formats} formats (examples in ${examplesDirectory.pathname}${without})\n`,
  );
}

function oneLine(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
