import { createToolCallStream } from '../stream/create-tool-call-stream.js';
import type { ToolDefinition } from '../types/tool.js';
import type { ParserFlags } from './parser-flags.js';

/**
 * `toolwire parse --events`: streams `chunks` through `createToolCallStream` and writes every event
 * as one JSON line, in order (the pushes' events, then `finish()`'s), then, only when the parse has
 * any, its warnings as one last line `{"type":"warnings","warnings":[...]}` (issue 14 item 6: `auto`
 * never misses silently, also in events mode; `warnings` as in `ParseResult.warnings`).
 */
export function runEventsCommand(
  chunks: readonly string[],
  options: ParserFlags & { format: string; tools?: ToolDefinition[]; model?: string },
  write: (text: string) => void,
): void {
  const { format, tools, model, ...flags } = options;
  const stream = createToolCallStream({
    ...flags,
    format,
    ...(tools ? { tools } : {}),
    ...(model ? { model } : {}),
  });
  const lines: string[] = [];
  for (const chunk of chunks) for (const event of stream.push(chunk)) lines.push(JSON.stringify(event));
  for (const event of stream.finish()) lines.push(JSON.stringify(event));
  const warnings = stream.warnings;
  if (warnings.length > 0) lines.push(JSON.stringify({ type: 'warnings', warnings }));
  write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
}
