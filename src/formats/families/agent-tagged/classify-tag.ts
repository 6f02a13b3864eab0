/**
 * Classifies a `<` in agent-tagged text: a tool_call-family tag with its role (spelling variants and
 * garbled pipes included), an `<invoke>` opener or closer, a wrapper that is noise (`<tool_calls>`,
 * `<function_calls>`), or prose. Bounded lookahead (`maxTagLength`).
 */

import { isWhitespace } from '../../../internal/whitespace.js';

/** Longest tag (attributes included) the parser looks ahead for; longer `<…` text is prose. */
const maxTagLength = 256;

export type TagRole = 'open' | 'close' | 'either';

export type Tag =
  | { readonly kind: 'family'; readonly role: TagRole; readonly end: number }
  | { readonly kind: 'noise'; readonly end: number }
  | { readonly kind: 'invoke-json'; readonly end: number }
  | { readonly kind: 'invoke'; readonly name: string; readonly end: number }
  | { readonly kind: 'invoke-close'; readonly end: number };

/** Case-insensitive match of `word` at `at`: `yes`, `no`, or `more` (the text ends inside it). */
function matchWord(text: string, at: number, word: string): 'yes' | 'no' | 'more' {
  for (let index = 0; index < word.length; index++) {
    if (at + index >= text.length) return 'more';
    const raw = text.charCodeAt(at + index);
    const code = raw >= 0x41 && raw <= 0x5a ? raw | 0x20 : raw;
    if (code !== word.charCodeAt(index)) return 'no';
  }
  return 'yes';
}

/**
 * Classifies the `<` at `at`: a tag of this dialect, `undefined` (prose), or `'more'` when the text
 * ends before that can be told (only when not `final`).
 */
export function classifyTag(text: string, at: number, final: boolean): Tag | undefined | 'more' {
  const more = final ? undefined : 'more';
  let position = at + 1;
  let pipeBefore = false;
  let slashBefore = false;
  while (position < text.length && position - at <= 4) {
    const char = text[position];
    if (char === '|') pipeBefore = true;
    else if (char === '/') slashBefore = true;
    else if (!isWhitespace(text.charCodeAt(position))) break;
    position++;
  }
  if (position >= text.length) return more;
  const tool = matchWord(text, position, 'tool');
  if (tool === 'more') return more;
  if (tool === 'yes') {
    position += 4;
    if (position >= text.length) return more;
    if (text[position] === '_' || text[position] === '-') position++;
    const call = matchWord(text, position, 'call');
    if (call === 'more') return more;
    if (call === 'no') return undefined;
    position += 4;
    if (position >= text.length) return more;
    if ((text.charCodeAt(position) | 0x20) === 0x73 /* s */) {
      // `<tool_calls>` / `</tool_calls>`: a wrapper, never an opener (noise).
      position++;
      if (position >= text.length) return more;
      if (text[position] === '>' && !pipeBefore) return { kind: 'noise', end: position + 1 };
      return undefined;
    }
    let pipeAfter = false;
    let slashAfter = false;
    let spaceAfter = false;
    while (position < text.length && position - at <= 24) {
      const char = text[position];
      if (char === '|') pipeAfter = true;
      else if (char === '/') slashAfter = true;
      else if (isWhitespace(text.charCodeAt(position))) spaceAfter = true;
      else break;
      position++;
    }
    if (position >= text.length) return more;
    const role: TagRole =
      slashBefore || slashAfter
        ? 'close'
        : pipeAfter && !pipeBefore
          ? 'close'
          : pipeAfter && pipeBefore
            ? 'either'
            : 'open';
    if (text[position] === '>') return { kind: 'family', role, end: position + 1 };
    if (!spaceAfter || pipeAfter || slashAfter || slashBefore) return undefined;
    // Attributes: `<tool_call id="call_0">`.
    const close = attributeEnd(text, position, at);
    if (close === 'more') return more;
    if (close < 0) return undefined;
    return { kind: 'family', role, end: close + 1 };
  }
  if (pipeBefore || (slashBefore && position !== at + 2)) return undefined;
  const invoke = matchWord(text, position, 'invoke');
  if (invoke === 'more') return more;
  if (invoke === 'yes') {
    position += 6;
    if (position >= text.length) return more;
    if (text[position] === '>')
      return slashBefore
        ? { kind: 'invoke-close', end: position + 1 }
        : { kind: 'invoke-json', end: position + 1 };
    if (slashBefore || !isWhitespace(text.charCodeAt(position))) return undefined;
    const close = attributeEnd(text, position, at);
    if (close === 'more') return more;
    if (close < 0) return undefined;
    const name = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text.slice(position, close));
    const value = name ? (name[1] ?? name[2] ?? '') : '';
    if (value.trim() === '') return undefined;
    return { kind: 'invoke', name: value.trim(), end: close + 1 };
  }
  const wrapper = matchWord(text, position, 'function_calls>');
  if (wrapper === 'more') return more;
  if (wrapper === 'yes') return { kind: 'noise', end: position + 15 };
  return undefined;
}

/** The `>` ending an attribute list that starts at `from` (bounded; no `<` or newline inside). */
function attributeEnd(text: string, from: number, at: number): number | 'more' {
  let quote = 0;
  for (let position = from; position < text.length; position++) {
    if (position - at > maxTagLength) return -1;
    const code = text.charCodeAt(position);
    if (quote !== 0) {
      if (code === quote) quote = 0;
      else if (code === 0x0a) return -1;
      continue;
    }
    if (code === 0x22 || code === 0x27) quote = code;
    else if (code === 0x3e) return position;
    else if (code === 0x3c || code === 0x0a) return -1;
  }
  return 'more';
}
