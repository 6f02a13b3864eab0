/** The stream, grammar and provider views, each from its part of the worker's analysis. */

import type { GrammarView, ProviderView } from './analyze.js';
import { byId, el } from './dom.js';
import type { StreamReplay } from './stream-replay.js';

export function renderStream(replay: StreamReplay): void {
  const check = byId('stream-check');
  check.dataset.equal = String(replay.equal);
  check.className = `check ${replay.equal ? 'pass' : 'fail'}`;
  check.textContent = replay.equal
    ? `✓ The streamed result (${replay.chunks} chunks, ${replay.eventCount} events) equals parseToolCalls' whole result.`
    : `✗ The streamed result differs from parseToolCalls' whole result at ${replay.difference}.`;
  const rows = replay.timeline.map((entry, index) => {
    const { type, ...detail } = entry.event;
    return el(
      'tr',
      { class: `event event-${type}` },
      el('td', {}, String(index)),
      el('td', {}, entry.chunk === replay.chunks ? 'finish' : String(entry.chunk)),
      el('td', {}, type),
      el('td', {}, el('code', {}, JSON.stringify(detail))),
    );
  });
  if (replay.eventCount > replay.timeline.length)
    rows.push(
      el('tr', {}, el('td', { colspan: '4' }, `… ${replay.eventCount - replay.timeline.length} more events`)),
    );
  byId('timeline')
    .querySelector('tbody')
    ?.replaceChildren(...rows);
}

export function renderGrammar(view: GrammarView): void {
  byId('grammar-text').textContent = view.text;
  const notes = [
    ...(view.triggers.length > 0
      ? [`Triggers: ${view.triggers.map((t) => JSON.stringify(t)).join(', ')}`]
      : []),
    ...view.warnings.map((warning) => `Warning: ${warning}`),
  ];
  byId('grammar-notes').textContent = notes.join('\n');
}

export function renderProvider(view: ProviderView): void {
  byId('provider-response').textContent = view.response;
  byId('provider-warnings').textContent = view.responseWarnings.map((w) => `Warning: ${w}`).join('\n');
  byId('provider-history').textContent = view.history;
  byId('provider-changes').textContent = view.changes;
}
