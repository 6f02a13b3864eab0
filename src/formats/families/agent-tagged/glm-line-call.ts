/**
 * The GLM line shorthand of agent-tagged text (`../shared/docs/openhuman.md` §1a): `name/key>value`
 * or `name/{json}` lines, with the source's tool aliases.
 */

import type { CallParts } from '../../core/base-parser.js';
import type { ToolIndex } from '../../core/tool-index.js';
import { isPFormatName } from '../p-format.js';
import type { FoundCall } from './found-call.js';
import { parseJsonSpan } from './parse-json-span.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const glmToolAliases: Readonly<Record<string, string>> = {
  browser_open: 'shell',
  browser: 'shell',
  web_search: 'shell',
  shell: 'shell',
  bash: 'shell',
  http_request: 'http_request',
  http: 'http_request',
};

const isHttpUrl = (value: string): boolean =>
  (value.startsWith('http://') || value.startsWith('https://')) && !/\s/.test(value);

const curl = (url: string): string => `curl -s '${url.replaceAll("'", "'\\''")}'`;

/**
 * One GLM shorthand line (`../shared/docs/openhuman.md` §1a): `name/key>value` or `name/{json}`,
 * trimmed. `name` is `[A-Za-z0-9_]+`, `key` is `[A-Za-z0-9_.-]+`. The source's tool aliases apply
 * unless `name` itself is an offered tool (`browser_open`, `browser`, `web_search`, `bash` → `shell`,
 * `http` → `http_request`); `shell` with a URL runs `curl -s 'URL'`, `http_request` gets
 * `{url, method: "GET"}`. A bare URL line is NOT a call (the later tinytools revision removed that).
 * JSON repairs of `name/{json}` are in `repairs`, at offsets into `line`.
 */
export function glmLineCall(line: string, tools: ToolIndex | undefined): CallParts | undefined {
  const text = line.trim();
  const slash = text.indexOf('/');
  if (slash <= 0 || !isPFormatName(text, 0, slash)) return undefined;
  const rawName = text.slice(0, slash);
  const rest = text.slice(slash + 1);
  if (rest.startsWith('{')) {
    const parsed = parseJsonSpan(rest, 0, rest.length);
    if (!parsed || !isRecord(parsed.value)) return undefined;
    if (parsed.repairs.length === 0) return { name: rawName, argumentsValue: parsed.value };
    // Repairs at offsets into `line` as given (its leading whitespace included), the call's raw text.
    const offset = line.length - line.trimStart().length + slash + 1;
    const repairs = parsed.repairs.map(({ kind, position }) => ({ kind, position: offset + position }));
    return { name: rawName, argumentsValue: parsed.value, repairs };
  }
  const arrow = rest.indexOf('>');
  if (arrow <= 0) return undefined;
  const key = rest.slice(0, arrow).trim();
  const value = rest.slice(arrow + 1).trim();
  if (!/^[A-Za-z0-9_.-]+$/.test(key)) return undefined;
  const offered = tools?.has(rawName) === true;
  const name = offered ? rawName : (glmToolAliases[rawName] ?? rawName);
  if (!offered && name === 'shell') {
    if (key === 'url') {
      if (!isHttpUrl(value)) return undefined;
      return { name, argumentsValue: { command: curl(value) } };
    }
    const command =
      value.startsWith('http://') || value.startsWith('https://')
        ? isHttpUrl(value)
          ? curl(value)
          : value
        : value;
    return { name, argumentsValue: { command } };
  }
  if (!offered && name === 'http_request') return { name, argumentsValue: { url: value, method: 'GET' } };
  const args: Record<string, unknown> = {};
  Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
  return { name, argumentsValue: args };
}

/** Every GLM shorthand line in `text[from, to)`, with line spans. */
export function glmLineCalls(
  text: string,
  from: number,
  to: number,
  tools: ToolIndex | undefined,
): FoundCall[] {
  const calls: FoundCall[] = [];
  let start = from;
  while (start < to) {
    let end = text.indexOf('\n', start);
    if (end < 0 || end > to) end = to;
    const parts = glmLineCall(text.slice(start, end), tools);
    if (parts?.repairs) {
      const { repairs, ...rest } = parts;
      const moved = repairs.map(({ kind, position }) => ({ kind, position: start + (position ?? 0) }));
      calls.push({ parts: rest, start, end, repairs: moved });
    } else if (parts) calls.push({ parts, start, end });
    start = end + 1;
  }
  return calls;
}
