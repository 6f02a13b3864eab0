/**
 * Reads a whole agent-tagged response that is one JSON call value (a call object, an array of them,
 * a wire message with `content`) or one P-Format call, as the pieces it is made of, in order: markup,
 * content and calls, each call with its own raw text.
 */

import { isWhitespace, skipWhitespace } from '../../../internal/whitespace.js';
import { parseLenientJson } from '../../../json/parse-lenient-json.js';
import type { CallParts } from '../../core/base-parser.js';
import type { ToolIndex } from '../../core/tool-index.js';
import { type PFormatSyntax, parsePFormatCall } from '../p-format.js';
import { foundCallParts, withValueRepairs } from './found-call.js';
import { readCallValue } from './read-call-value.js';

/** One piece of a whole response: text with its bucket, or a call with its raw text. */
export type WholePiece =
  | { readonly bucket: 'markup' | 'content'; readonly text: string }
  | { readonly call: CallParts; readonly raw: string };

/**
 * The pieces of `text` when its JSON value `text[start, end)` holds calls (read as `bare`, see
 * `AliasPolicy`), `undefined` when it does not (then the text is not a whole-response call). A wire
 * message's `content` string, as written between its quotes, is content; its quotes and everything
 * else around the calls is markup.
 */
export function wholeJsonPieces(
  text: string,
  start: number,
  end: number,
  tools: ToolIndex | undefined,
): WholePiece[] | undefined {
  const parsed = parseLenientJson(text.slice(start, end));
  if (!parsed.ok) return undefined;
  const found = readCallValue(text, start, end, parsed.value, 'bare', tools);
  if (found.calls.length === 0) return undefined;
  const calls = withValueRepairs(found.calls, parsed.repairs, start);
  const pieces: WholePiece[] = [{ bucket: 'markup', text: text.slice(0, start) }];
  let boundary = start;
  const content = found.content;
  let contentDone = content === undefined;
  const pushContent = (at: { readonly start: number; readonly end: number }): void => {
    pieces.push({ bucket: 'markup', text: text.slice(boundary, at.start + 1) });
    pieces.push({ bucket: 'content', text: text.slice(at.start + 1, at.end - 1) });
    boundary = at.end - 1;
    contentDone = true;
  };
  calls.forEach((call, index) => {
    if (!contentDone && content && content.start < call.start) pushContent(content);
    const nextIsContent = !contentDone && content !== undefined;
    const last = index === calls.length - 1;
    const callEnd = last && !nextIsContent ? end : call.end;
    pieces.push({
      call: foundCallParts(call, boundary, callEnd - boundary),
      raw: text.slice(boundary, callEnd),
    });
    boundary = callEnd;
  });
  if (!contentDone && content) pushContent(content);
  pieces.push({ bucket: 'markup', text: text.slice(boundary) });
  return pieces;
}

/**
 * The pieces of `text` when it is one P-Format call to an offered tool (whitespace around it is
 * markup), `undefined` otherwise.
 */
export function wholePFormatPieces(
  text: string,
  tools: ToolIndex | undefined,
  syntax: PFormatSyntax,
): WholePiece[] | undefined {
  const call = parsePFormatCall(text, tools, syntax);
  if (!call) return undefined;
  const start = skipWhitespace(text, 0);
  let end = text.length;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return [
    { bucket: 'markup', text: text.slice(0, start) },
    { call: { name: call.name, argumentsValue: call.arguments }, raw: text.slice(start, end) },
    { bucket: 'markup', text: text.slice(end) },
  ];
}
