/**
 * What the worker computes for one state of the page, with the library's public functions only: the
 * parse with its span record (output view), a chunked replay through the stream API (stream view), the
 * grammar (grammar view), and the provider bodies (provider view). Every view shows what the library
 * returns, as `JSON.stringify(value, null, 2)` where it is JSON.
 */

import {
  grammarFor,
  type ParseSpan,
  type ParseToolCallsOptions,
  parseToolCallSpans,
  parseToolCalls,
  structuralTagFor,
} from '../../src/formats/index.js';
import { fromParseResult, getProvider, type ProviderId, repairHistory } from '../../src/providers/index.js';
import type { Message } from '../../src/types/message.js';
import type { ParseResult } from '../../src/types/tool-call.js';
import type { PlaygroundState } from './state.js';
import { replayStream, type StreamReplay } from './stream-replay.js';

export interface ParseView {
  readonly result: ParseResult;
  readonly spans: readonly ParseSpan[];
  readonly problems: readonly string[];
}

export interface GrammarView {
  /** The grammar text, or the structural tag as JSON. */
  readonly text: string;
  readonly triggers: readonly string[];
  readonly warnings: readonly string[];
}

export interface ProviderView {
  /** `toResponse` of the assistant turn, as JSON. */
  readonly response: string;
  readonly responseWarnings: readonly string[];
  /** `repairHistory` of [user, assistant turn] for the provider: messages, then changes, as JSON. */
  readonly history: string;
  readonly changes: string;
}

export interface Analysis {
  /** Why the tools JSON is not used (it is not a JSON array), when it is not. */
  readonly toolsError?: string;
  readonly parse?: ParseView;
  readonly stream?: StreamReplay;
  readonly grammar?: GrammarView;
  readonly provider?: ProviderView;
  /** An error a view's library call threw (bad options: an unknown format, bad tools...). */
  readonly error?: string;
}

/** The user turn the provider view's history starts with. */
export const HISTORY_USER_TEXT = 'The request that led to this turn.';

/** The tools of `state` (an array), or why they are not usable. */
export function readTools(text: string): { tools?: unknown[]; error?: string } {
  if (text.trim() === '') return {};
  try {
    const tools: unknown = JSON.parse(text);
    return Array.isArray(tools) ? { tools } : { error: 'the tools must be a JSON array of tools' };
  } catch (error) {
    return { error: `the tools are not JSON: ${(error as Error).message}` };
  }
}

/** The `parseToolCalls` options the page's state stands for. */
export function parseOptions(state: PlaygroundState, tools: unknown[] | undefined): ParseToolCallsOptions {
  return {
    format: state.format,
    ...(state.model.trim() === '' ? {} : { model: state.model.trim() }),
    ...(tools === undefined ? {} : { tools: tools as ParseToolCallsOptions['tools'] }),
    ...(state.finishReason === '' ? {} : { finishReason: state.finishReason }),
    ...(state.strictFormat ? { strictFormat: true } : {}),
  };
}

/** Everything the page shows for `state` (only the open view beyond the parse). */
export function analyze(state: PlaygroundState): Analysis {
  const { tools, error: toolsError } = readTools(state.tools);
  const options = parseOptions(state, tools);
  const base = toolsError === undefined ? {} : { toolsError };
  try {
    const { result, spans, problems } = parseToolCallSpans(state.text, options);
    const parse: ParseView = { result, spans, problems };
    if (state.view === 'stream')
      return { ...base, parse, stream: replayStream(state.text, options, state.chunkSize, parseToolCalls) };
    if (state.view === 'grammar') return { ...base, parse, grammar: grammarView(state, tools ?? [], result) };
    if (state.view === 'provider') return { ...base, parse, provider: providerView(state, tools, result) };
    return { ...base, parse };
  } catch (error) {
    return { ...base, error: messageOf(error) };
  }
}

/** The grammar for the tools in the format the parse used (`auto`: the one it picked). */
function grammarView(state: PlaygroundState, tools: unknown[], result: ParseResult): GrammarView {
  const options = {
    tools,
    format: result.format,
    toolChoice: state.toolChoice,
    parallel: state.parallel,
  };
  try {
    if (state.grammar === 'structural-tag') {
      const { structuralTag, warnings } = structuralTagFor(options);
      return {
        text: structuralTag === undefined ? '' : JSON.stringify(structuralTag, null, 2),
        triggers: [],
        warnings: warnings.map(warningText),
      };
    }
    const built = grammarFor({ ...options, dialect: state.grammar });
    return { text: built.grammar, triggers: built.triggers, warnings: built.warnings.map(warningText) };
  } catch (error) {
    return { text: '', triggers: [], warnings: [messageOf(error)] };
  }
}

/** The parsed turn as the provider's response body, and a history with it repaired for the provider. */
function providerView(
  state: PlaygroundState,
  tools: unknown[] | undefined,
  result: ParseResult,
): ProviderView {
  const converter = getProvider(state.provider as ProviderId);
  const message = fromParseResult(result);
  const hasCalls = result.toolCalls.length > 0;
  const response = converter.toResponse({
    message,
    finishReason: { unified: hasCalls ? 'tool-calls' : 'stop' },
  });
  const history: Message[] = [{ role: 'user', content: HISTORY_USER_TEXT }, message];
  const named = (tools ?? []).filter(
    (tool): tool is { name: string } => typeof (tool as { name?: unknown })?.name === 'string',
  );
  const repaired = repairHistory(history, { target: state.provider as ProviderId, tools: named });
  return {
    response: JSON.stringify(response.value, null, 2),
    responseWarnings: response.warnings.map(warningText),
    history: JSON.stringify(repaired.messages, null, 2),
    changes: JSON.stringify(repaired.changes, null, 2),
  };
}

/** One line for a library warning (`{ type, feature, details }` or `{ type: 'other', message }`). */
export function warningText(warning: unknown): string {
  const { type, feature, details, message } = warning as Record<string, unknown>;
  return [type, feature, details, message].filter((part) => typeof part === 'string').join(': ');
}

export function messageOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const text = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${code}: ${text}` : text;
}
