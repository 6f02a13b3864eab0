/**
 * Classifies a Markdown fence in agent-tagged text: a ```` ```tool_call ```` header (a call block), a
 * fence with another language (an example), or a bare fence (prose); and the ```` ```json ```` header
 * of a whole response in one fence (`wholeFenceHeader`).
 */

import { isNameCode } from '../p-format.js';

const fenceLanguages = ['tool_call', 'toolcall', 'tool-call', 'tool_calls', 'invoke'];
const maxFenceHeader = 3 + 10 + 16 + 2;

/**
 * The fence at `at`: a ```` ```tool_call ```` header (`call`, `end` after its line break), a fence
 * with another language (`example`, `end` after the language: its content is an example, never a
 * call), `undefined` (a bare fence, prose), or `'more'`.
 */
export function classifyFence(
  text: string,
  at: number,
  final: boolean,
): { readonly kind: 'call' | 'example'; readonly end: number } | undefined | 'more' {
  const more = final ? undefined : 'more';
  let position = at + 3;
  const languageStart = position;
  while (position < text.length && position - languageStart <= 10) {
    const code = text.charCodeAt(position);
    if (!isNameCode(code) && code !== 0x2d) break;
    position++;
  }
  if (position >= text.length) return more;
  const language = text.slice(languageStart, position).toLowerCase();
  if (!fenceLanguages.includes(language)) {
    return language === '' ? undefined : { kind: 'example', end: position };
  }
  while (
    position < text.length &&
    (text[position] === ' ' || text[position] === '\t') &&
    position - at < maxFenceHeader
  )
    position++;
  if (position >= text.length) return more;
  if (text[position] === '\r') {
    if (position + 1 >= text.length) return more;
    return text[position + 1] === '\n' ? { kind: 'call', end: position + 2 } : undefined;
  }
  return text[position] === '\n' ? { kind: 'call', end: position + 1 } : undefined;
}

/** The end of a ```` ```json ```` or bare ```` ``` ```` fence header line at `at`, `undefined`, or `'more'`. */
export function wholeFenceHeader(text: string, at: number, final: boolean): number | undefined | 'more' {
  const more = final ? undefined : 'more';
  if (text.length - at < 3) return more;
  if (!text.startsWith('```', at)) return undefined;
  let position = at + 3;
  const languageStart = position;
  while (position < text.length && position - languageStart <= 4 && isNameCode(text.charCodeAt(position)))
    position++;
  if (position >= text.length) return more;
  const language = text.slice(languageStart, position).toLowerCase();
  if (language !== '' && language !== 'json') return undefined;
  while (position < text.length && (text[position] === ' ' || text[position] === '\t') && position - at < 24)
    position++;
  if (position >= text.length) return more;
  if (text[position] === '\r' && text[position + 1] === '\n') return position + 2;
  if (text[position] === '\r' && position + 1 >= text.length) return more;
  return text[position] === '\n' ? position + 1 : undefined;
}
