/**
 * The output view: the input coloured by the parser's span record, a legend, then the calls (with
 * arguments, flags, repairs, issues), content, reasoning and invalid calls with their reasons.
 */

import type { ParseView } from './analyze.js';
import { byId, el, hueOf } from './dom.js';

/** Calls listed (and named in the legend) at most: ten thousand cards would freeze the page's layout. */
export const MAX_LISTED_CALLS = 200;
const LEGEND_CALLS = 20;

export function renderOutput(text: string, view: ParseView): void {
  const { result, spans, problems } = view;
  const pre = byId('spans');
  const fragment = document.createDocumentFragment();
  for (const span of spans) {
    const attributes: Record<string, string> = {
      class: `span span-${span.kind}`,
      'data-kind': span.kind,
      'data-start': String(span.start),
      'data-end': String(span.end),
    };
    if (span.index !== undefined) {
      attributes['data-index'] = String(span.index);
      attributes.style = `--hue: ${hueOf(span.index)}`;
      const call = span.kind === 'call' ? result.toolCalls[span.index] : undefined;
      attributes.title =
        span.kind === 'call' ? `call ${span.index}: ${call?.name ?? ''}` : `invalid call ${span.index}`;
    } else attributes.title = span.kind;
    fragment.append(el('span', attributes, text.slice(span.start, span.end)));
  }
  pre.replaceChildren(fragment);
  byId('legend').replaceChildren(
    ...(['content', 'reasoning', 'markup'] as const).map((kind) =>
      el('span', { class: `span span-${kind}` }, kind),
    ),
    ...result.toolCalls
      .slice(0, LEGEND_CALLS)
      .map((call, index) =>
        el(
          'span',
          { class: 'span span-call', style: `--hue: ${hueOf(index)}` },
          `call ${index}: ${call.name}`,
        ),
      ),
    ...(result.toolCalls.length > LEGEND_CALLS
      ? [`… ${result.toolCalls.length - LEGEND_CALLS} more calls`]
      : []),
    ...(result.invalidToolCalls.length > 0
      ? [el('span', { class: 'span span-invalid' }, 'invalid call')]
      : []),
  );
  byId('parse-details').replaceChildren(
    el('p', {}, `Format: ${result.format}`),
    ...(problems.length > 0 ? [list('Span record problems', problems)] : []),
    ...(result.warnings ?? []).map((warning) => el('p', { class: 'warning' }, JSON.stringify(warning))),
    el('h3', { id: 'calls-heading' }, `Tool calls (${result.toolCalls.length})`),
    ...more(result.toolCalls.length),
    el(
      'ol',
      { id: 'calls', class: 'calls', start: '0' },
      ...result.toolCalls.slice(0, MAX_LISTED_CALLS).map((call, index) =>
        el(
          'li',
          { class: 'call', 'data-index': String(index), style: `--hue: ${hueOf(index)}` },
          el('span', { class: 'call-name' }, call.name),
          ' ',
          el('code', { class: 'call-id' }, call.id),
          el('pre', { class: 'call-arguments code' }, JSON.stringify(call.arguments, null, 2)),
          ...(call.flags
            ? [
                list(
                  'Flags',
                  call.flags.map((f) => `${f.kind} at "${f.path}"`),
                ),
              ]
            : []),
          ...(call.repairs ? [list('Repairs', call.repairs.map(repairText))] : []),
          ...(call.issues ? [list('Issues', call.issues.map(issueText))] : []),
        ),
      ),
    ),
    el('h3', {}, 'Content'),
    el('pre', { id: 'content', class: 'code' }, result.content),
    el('h3', {}, 'Reasoning'),
    el('pre', { id: 'reasoning', class: 'code' }, result.reasoning),
    el('h3', { id: 'invalid-heading' }, `Invalid calls (${result.invalidToolCalls.length})`),
    ...more(result.invalidToolCalls.length),
    el(
      'ol',
      { id: 'invalid-calls', class: 'calls', start: '0' },
      ...result.invalidToolCalls
        .slice(0, MAX_LISTED_CALLS)
        .map((call, index) =>
          el(
            'li',
            { class: 'invalid', 'data-index': String(index) },
            el('span', { class: 'call-name' }, call.name ?? '(no name)'),
            ' ',
            el('span', { class: 'invalid-error' }, call.error),
            ...(call.issues.length > 0 ? [list('Issues', call.issues.map(issueText))] : []),
            ...(call.repairs ? [list('Repairs refused', call.repairs.map(repairText))] : []),
            el('pre', { class: 'code' }, call.raw),
          ),
        ),
    ),
  );
}

/** A note that only the first `MAX_LISTED_CALLS` of `count` calls are listed. */
function more(count: number): HTMLElement[] {
  return count > MAX_LISTED_CALLS
    ? [el('p', { class: 'status' }, `The first ${MAX_LISTED_CALLS} are listed; every one is coloured above.`)]
    : [];
}

function list(title: string, items: readonly string[]): HTMLElement {
  return el(
    'div',
    { class: 'list' },
    el('h4', {}, title),
    el('ul', {}, ...items.map((item) => el('li', {}, item))),
  );
}

function repairText(repair: { kind: string; position?: number; message?: string }): string {
  const at = repair.position === undefined ? '' : ` at ${repair.position}`;
  return `${repair.kind}${at}${repair.message ? `: ${repair.message}` : ''}`;
}

function issueText(issue: { code: string; message: string; path?: string }): string {
  return `${issue.code}${issue.path === undefined ? '' : ` at "${issue.path}"`}: ${issue.message}`;
}
