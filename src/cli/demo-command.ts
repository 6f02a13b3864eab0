import { readdirSync, readFileSync } from 'node:fs';
import { normalizeTools } from '../formats/core/tool-index.js';
import { parseToolCalls } from '../formats/parse-tool-calls.js';
import { getFormat } from '../formats/registry.js';

/**
 * `toolwire demo`: parses every `examples/<format-id>.txt` with the tools of `examples/tools.json`
 * and prints, per example, the format, the content, the reasoning and each call, readable in a terminal.
 */
export function runDemoCommand(examplesDirectory: URL, write: (text: string) => void, color: boolean): void {
  const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const tools = normalizeTools(JSON.parse(readFileSync(new URL('tools.json', examplesDirectory), 'utf8')));
  const files = readdirSync(examplesDirectory)
    .filter((file) => file.endsWith('.txt'))
    .sort();
  let formats = 0;
  let calls = 0;
  for (const file of files) {
    const id = file.slice(0, -'.txt'.length);
    let format: string;
    try {
      format = getFormat(id).id;
    } catch {
      continue; // an example for a format this build does not have
    }
    const text = readFileSync(new URL(file, examplesDirectory), 'utf8');
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
  write(`${calls} tool calls from ${formats} formats (examples in ${examplesDirectory.pathname})\n`);
}

function oneLine(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
