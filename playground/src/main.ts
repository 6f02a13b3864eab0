/**
 * The page: controls ⇄ state ⇄ URL hash; each change sends the state to the worker (debounced while
 * typing) and renders the newest answer. Answers to older requests are dropped.
 */

import { listFormats } from '../../src/formats/index.js';
import { providerIds } from '../../src/providers/index.js';
import type { Analysis } from './analyze.js';
import { readTools } from './analyze.js';
import { byId, el } from './dom.js';
import { examples, exampleTools } from './examples.js';
import { renderOutput } from './render-output.js';
import { renderGrammar, renderProvider, renderStream } from './render-views.js';
import {
  type GrammarKind,
  hashFromState,
  MAX_HASH_TEXT,
  type PlaygroundState,
  stateFromHash,
  type View,
} from './state.js';
import type { WorkerRequest, WorkerResponse } from './worker.js';

const DEBOUNCE_MS = 150;
const views: readonly View[] = ['output', 'stream', 'grammar', 'provider'];

const defaults: PlaygroundState = {
  text: examples.get('hermes') ?? '',
  example: 'hermes',
  format: 'hermes',
  model: '',
  tools: exampleTools,
  finishReason: '',
  strictFormat: false,
  view: 'output',
  chunkSize: 4,
  grammar: 'gbnf',
  toolChoice: 'auto',
  parallel: false,
  provider: 'openai-chat',
};

const controls = {
  example: byId<HTMLSelectElement>('example'),
  format: byId<HTMLSelectElement>('format'),
  model: byId<HTMLInputElement>('model'),
  text: byId<HTMLTextAreaElement>('text'),
  tools: byId<HTMLTextAreaElement>('tools'),
  finishReason: byId<HTMLSelectElement>('finish-reason'),
  strictFormat: byId<HTMLInputElement>('strict-format'),
  chunkSize: byId<HTMLInputElement>('chunk-size'),
  grammar: byId<HTMLSelectElement>('grammar-kind'),
  toolChoice: byId<HTMLSelectElement>('tool-choice'),
  parallel: byId<HTMLInputElement>('parallel'),
  provider: byId<HTMLSelectElement>('provider'),
};

const options = (select: HTMLSelectElement, values: readonly string[]): void => {
  select.append(...values.map((value) => el('option', { value }, value)));
};
options(controls.example, [...examples.keys()]);
options(controls.format, ['auto', ...listFormats().map((format) => format.id)]);
options(controls.provider, providerIds);

/** What the text areas show (set when they are written, or read on their `input`). */
const shown = { text: '', tools: '' };

let state = stateFromHash(location.hash, defaults, (id) => examples.get(id));

/** The state → the controls (on load and when the hash changes by navigation). */
function showState(): void {
  controls.example.value = state.example ?? '';
  controls.format.value = state.format;
  controls.model.value = state.model;
  // The text areas are written only when the state's text is not the one they show (reading a 1 MB
  // text area's value on every change costs more than the parse).
  if (shown.text !== state.text) controls.text.value = shown.text = state.text;
  if (shown.tools !== state.tools) controls.tools.value = shown.tools = state.tools;
  controls.finishReason.value = state.finishReason;
  controls.strictFormat.checked = state.strictFormat;
  controls.chunkSize.value = String(state.chunkSize);
  controls.grammar.value = state.grammar;
  controls.parallel.checked = state.parallel;
  controls.provider.value = state.provider;
  showToolChoices();
  for (const view of views) {
    const selected = view === state.view;
    const tab = byId(`tab-${view}`);
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    byId(`panel-${view}`).hidden = !selected;
  }
}

/** tool_choice: auto, required, none and each tool's name (from the tools editor). */
function showToolChoices(): void {
  const names = (readTools(state.tools).tools ?? [])
    .map((tool) => (tool as { name?: unknown })?.name)
    .filter((name): name is string => typeof name === 'string');
  const values = ['auto', 'required', 'none', ...names];
  if (!values.includes(state.toolChoice)) values.push(state.toolChoice);
  controls.toolChoice.replaceChildren(...values.map((value) => el('option', { value }, value)));
  controls.toolChoice.value = state.toolChoice;
}

let hashTimer: ReturnType<typeof setTimeout> | undefined;

function update(change: Partial<PlaygroundState>, delay = 0): void {
  state = { ...state, ...change };
  showState();
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => history.replaceState(null, '', hashFromState(state, defaults)), DEBOUNCE_MS);
  request(delay);
}

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
let latest = 0;
let requestTimer: ReturnType<typeof setTimeout> | undefined;

function request(delay: number): void {
  clearTimeout(requestTimer);
  document.body.dataset.busy = 'true';
  requestTimer = setTimeout(() => {
    latest += 1;
    const sent = state;
    worker.postMessage({ id: latest, state: sent } satisfies WorkerRequest);
    pending.set(latest, sent);
  }, delay);
}

/** What each request was sent with (the text its spans index into). */
const pending = new Map<number, PlaygroundState>();

worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
  const { id, analysis } = event.data;
  const sent = pending.get(id);
  pending.delete(id);
  if (id !== latest || sent === undefined) return;
  render(sent, analysis);
  document.body.dataset.busy = 'false';
  document.body.dataset.rendered = String(id);
});

function render(sent: PlaygroundState, analysis: Analysis): void {
  byId('tools-status').textContent = analysis.toolsError ?? '';
  controls.tools.setAttribute('aria-invalid', String(analysis.toolsError !== undefined));
  const error = byId('error');
  error.hidden = analysis.error === undefined;
  error.textContent = analysis.error ?? '';
  byId('text-status').textContent =
    `${sent.text.length.toLocaleString('en')} characters` +
    (sent.text.length > MAX_HASH_TEXT && sent.example === undefined
      ? ' (too long to keep in the address)'
      : '');
  if (analysis.parse) renderOutput(sent.text, analysis.parse);
  if (analysis.stream) renderStream(analysis.stream);
  if (analysis.grammar) renderGrammar(analysis.grammar);
  if (analysis.provider) renderProvider(analysis.provider);
}

controls.example.addEventListener('change', () => {
  const id = controls.example.value;
  const text = examples.get(id);
  if (text === undefined) return update({ example: undefined });
  const isFormat = listFormats().some((format) => format.id === id);
  update({ example: id, text, format: isFormat ? id : 'auto' });
});
controls.format.addEventListener('change', () => update({ format: controls.format.value }));
controls.model.addEventListener('input', () => update({ model: controls.model.value }, DEBOUNCE_MS));
controls.text.addEventListener('input', () => {
  shown.text = controls.text.value;
  update({ text: shown.text, example: undefined }, DEBOUNCE_MS);
});
controls.tools.addEventListener('input', () => {
  shown.tools = controls.tools.value;
  update({ tools: shown.tools }, DEBOUNCE_MS);
});
controls.finishReason.addEventListener('change', () =>
  update({ finishReason: controls.finishReason.value as PlaygroundState['finishReason'] }),
);
controls.strictFormat.addEventListener('change', () =>
  update({ strictFormat: controls.strictFormat.checked }),
);
controls.chunkSize.addEventListener('input', () => {
  const size = Number(controls.chunkSize.value);
  if (Number.isInteger(size) && size >= 1) update({ chunkSize: size }, DEBOUNCE_MS);
});
controls.grammar.addEventListener('change', () => update({ grammar: controls.grammar.value as GrammarKind }));
controls.toolChoice.addEventListener('change', () => update({ toolChoice: controls.toolChoice.value }));
controls.parallel.addEventListener('change', () => update({ parallel: controls.parallel.checked }));
controls.provider.addEventListener('change', () => update({ provider: controls.provider.value }));

// Tabs (WAI-ARIA tabs pattern): click or Enter/Space selects; Left/Right/Home/End move and select.
const tabs = byId('tabs');
tabs.addEventListener('click', (event) => {
  const view = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]')?.dataset.view;
  if (view !== undefined) update({ view: view as View });
});
tabs.addEventListener('keydown', (event) => {
  const at = views.indexOf(state.view);
  const next =
    event.key === 'ArrowRight'
      ? (at + 1) % views.length
      : event.key === 'ArrowLeft'
        ? (at + views.length - 1) % views.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? views.length - 1
            : undefined;
  if (next === undefined) return;
  event.preventDefault();
  const view = views[next] ?? 'output';
  update({ view });
  byId(`tab-${view}`).focus();
});

window.addEventListener('hashchange', () => {
  state = stateFromHash(location.hash, defaults, (id) => examples.get(id));
  update({});
});

update({});
