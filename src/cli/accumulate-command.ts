import { OpenAIChatChunkAccumulator } from '../providers/openai-chat/openai-chat-chunks.js';
import { toParseResultJson } from './parse-result-json.js';
import { readInput } from './read-input.js';
import { UsageError } from './usage-error.js';

/**
 * `toolwire accumulate [FILE]`: reads an OpenAI-compatible `chat.completion.chunk` stream, one chunk
 * per line, as JSON lines or SSE (`data: {...}` lines; `data: [DONE]`, comments, `event:` / `id:` lines
 * and blank lines are skipped), and writes the rebuilt turn in the parse contract shape (format
 * `"openai-chat"`). A line that is not JSON is a usage error naming the line.
 */
export function runAccumulateCommand(file: string | undefined, write: (text: string) => void): void {
  const text = readInput(file);
  const accumulator = new OpenAIChatChunkAccumulator();
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    let payload = line.trim();
    if (payload === '' || payload.startsWith(':')) return;
    if (payload.startsWith('data:')) payload = payload.slice('data:'.length).trim();
    else if (/^(event|id|retry):/.test(payload)) return;
    if (payload === '' || payload === '[DONE]') return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(payload);
    } catch (error) {
      throw new UsageError(`line ${index + 1}: not a JSON chunk (${(error as Error).message})`);
    }
    accumulator.push(chunk);
  });
  write(`${JSON.stringify(toParseResultJson(accumulator.result()), null, 2)}\n`);
}
