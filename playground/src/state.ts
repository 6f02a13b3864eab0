/**
 * The page's whole state, and its form in the URL hash (so a view can be shared by its address).
 * The input text is written as the example's id while it is an unchanged example, and left out above
 * `MAX_HASH_TEXT` characters (a URL that long is not worth sharing, and writing it on every key slows
 * typing down).
 */

export type View = 'output' | 'stream' | 'grammar' | 'provider';
export type GrammarKind = 'gbnf' | 'ebnf' | 'structural-tag';

export interface PlaygroundState {
  readonly text: string;
  /** The bundled example the text is, while unchanged (`examples/<id>.txt`). */
  readonly example: string | undefined;
  /** A registry format id, or `auto`. */
  readonly format: string;
  /** The model name `auto` picks the format from. */
  readonly model: string;
  /** The tools, as JSON text (an array of tools). */
  readonly tools: string;
  readonly finishReason: '' | 'stop' | 'length';
  readonly strictFormat: boolean;
  readonly view: View;
  /** Characters per streamed chunk in the stream view. */
  readonly chunkSize: number;
  readonly grammar: GrammarKind;
  /** `auto`, `required`, `none` or a tool name. */
  readonly toolChoice: string;
  readonly parallel: boolean;
  /** A `toolwire/providers` id. */
  readonly provider: string;
}

export const MAX_HASH_TEXT = 100_000;

const views: readonly View[] = ['output', 'stream', 'grammar', 'provider'];
const grammars: readonly GrammarKind[] = ['gbnf', 'ebnf', 'structural-tag'];

/** The state a hash describes; what it leaves out comes from `defaults`. */
export function stateFromHash(
  hash: string,
  defaults: PlaygroundState,
  exampleText: (id: string) => string | undefined,
): PlaygroundState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (key: string): string | undefined => params.get(key) ?? undefined;
  const example = get('example');
  const fromExample = example === undefined ? undefined : exampleText(example);
  const text = get('text') ?? fromExample ?? defaults.text;
  const chunk = Number(get('chunk'));
  const view = get('view');
  const grammar = get('grammar');
  const finish = get('finish');
  return {
    text,
    example: get('text') === undefined && fromExample !== undefined ? example : defaults.example,
    format: get('format') ?? defaults.format,
    model: get('model') ?? defaults.model,
    tools: get('tools') ?? defaults.tools,
    finishReason: finish === 'stop' || finish === 'length' ? finish : defaults.finishReason,
    strictFormat: params.has('strict') ? get('strict') === '1' : defaults.strictFormat,
    view: views.includes(view as View) ? (view as View) : defaults.view,
    chunkSize: Number.isInteger(chunk) && chunk >= 1 ? chunk : defaults.chunkSize,
    grammar: grammars.includes(grammar as GrammarKind) ? (grammar as GrammarKind) : defaults.grammar,
    toolChoice: get('choice') ?? defaults.toolChoice,
    parallel: params.has('parallel') ? get('parallel') === '1' : defaults.parallel,
    provider: get('provider') ?? defaults.provider,
  };
}

/** The hash for `state`: only what differs from `defaults`. */
export function hashFromState(state: PlaygroundState, defaults: PlaygroundState): string {
  const params = new URLSearchParams();
  if (state.example !== undefined) params.set('example', state.example);
  else if (state.text.length <= MAX_HASH_TEXT) params.set('text', state.text);
  const put = (key: string, value: string, fallback: string): void => {
    if (value !== fallback) params.set(key, value);
  };
  put('format', state.format, defaults.format);
  put('model', state.model, defaults.model);
  put('tools', state.tools, defaults.tools);
  put('finish', state.finishReason, defaults.finishReason);
  put('strict', state.strictFormat ? '1' : '0', defaults.strictFormat ? '1' : '0');
  put('view', state.view, defaults.view);
  put('chunk', String(state.chunkSize), String(defaults.chunkSize));
  put('grammar', state.grammar, defaults.grammar);
  put('choice', state.toolChoice, defaults.toolChoice);
  put('parallel', state.parallel ? '1' : '0', defaults.parallel ? '1' : '0');
  put('provider', state.provider, defaults.provider);
  return `#${params.toString()}`;
}
