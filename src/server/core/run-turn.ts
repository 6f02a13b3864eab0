import { getFormat } from '../../formats/index.js';
import { repairHistory } from '../../providers/index.js';
import type { Message } from '../../types/index.js';
import { type Backend, type BackendChunk, BackendError, type GenerateRequest } from '../backends/backend.js';
import { chunkBatches } from '../backends/generation-stream.js';
import { clipText } from '../http/clip-text.js';
import { badField, GatewayError } from '../http/gateway-error.js';
import { continuedPrompt, finalAssistantText } from './continue-final.js';
import { noteLeftOutSystem } from './left-out-system.js';
import { passthroughChat } from './passthrough-chat.js';
import { renderPrompt } from './render-prompt.js';
import type { ResolvedModel } from './resolved-model.js';
import { refuseUncheckedStrictSchemas } from './strict-schemas.js';
import type { TurnEvent } from './turn-event.js';
import { turnGrammar } from './turn-grammar.js';
import { TurnReader } from './turn-reader.js';
import type { TurnRequest } from './turn-request.js';
import { retryHint, type TurnRules, turnRules } from './turn-rules.js';

export type { ResolvedModel } from './resolved-model.js';

/** What a turn needs besides the request. */
export interface TurnContext {
  readonly model: ResolvedModel;
  readonly signal: AbortSignal;
  readonly notice: (message: string) => void;
  /** The longest answer read, in characters of text and reasoning (see `TurnReader.receive`). */
  readonly maxAnswerCharacters: number;
  /** Told how many changes `repairHistory` made to the conversation, before the first event. */
  readonly onHistoryRepairs?: (changes: number) => void;
  /** Told what the turn's grammar could not express (one line each), before the first event. */
  readonly onGrammarWarnings?: (warnings: readonly string[]) => void;
}

/**
 * Runs one assistant turn: repairs the history, renders the prompt with the model's template, picks
 * the grammar that enforces the request's rules (where the backend samples under grammars), streams
 * the backend's text through the format's incremental parser, and yields the answer as `TurnEvent`s.
 *
 * Guarantees: a call is yielded only once it is complete, names an offered tool, and (for a `strict`
 * tool) fits its schema; a call the model wrote that is none of these is yielded as the content text
 * it was, never as a call. `end.finishReason` is `tool_calls` exactly when calls were yielded.
 * When the request has rules the backend cannot enforce, the whole answer is checked before any of it
 * is yielded, asked again up to `model.retries` times with a hint, and otherwise refused.
 *
 * @throws {GatewayError} 400 `invalid_value` (param `tool_choice`) when `tool_choice` requires a call
 *   of a model whose format writes none (`content_only`), before the backend is asked; 400 (param
 *   `tools`) for more than `MAX_TOOLS` tools; 422
 *   `tool_choice_violation` / `response_format_violation` when the answer breaks a rule; 502 / 504 for
 *   backend failures (from `BackendError`); 400 `template_refused`, 500 `template_error`.
 */
export async function* runTurn(request: TurnRequest, context: TurnContext): AsyncGenerator<TurnEvent> {
  for await (const events of runTurnBatches(request, context)) for (const event of events) yield event;
}

/** The most tools one request may offer (OpenAI's own limit is 128 functions). */
export const MAX_TOOLS = 512;

/**
 * `runTurn`'s events in batches (never empty): those one read of the backend's stream produced
 * together, so a surface writes them with one socket write instead of one per token. The events and
 * their order are `runTurn`'s; so are the errors thrown (after the batches before them).
 */
export async function* runTurnBatches(
  request: TurnRequest,
  context: TurnContext,
): AsyncGenerator<readonly TurnEvent[]> {
  const { model } = context;
  if (request.tools.length > MAX_TOOLS) {
    // Each tool's schema is read, checked and made a grammar while the request waits: bounded, so
    // that one request cannot hold the event loop (and every other request) for seconds.
    throw badField('tools', `at most ${MAX_TOOLS} tools may be offered, got ${request.tools.length}`);
  }
  const rules = turnRules(request);
  if (rules.callRequired && getFormat(model.format).envelope?.noCalls === true) {
    // No answer could keep the rule, and no grammar can require a call the format cannot write.
    throw badField(
      'tool_choice',
      `model "${model.name}" writes no tool calls (format ${model.format}): "tool_choice" cannot require one`,
    );
  }
  await refuseUncheckedStrictSchemas(request);
  const repaired = repairHistory(request.messages, {
    target: 'openai-chat',
    tools: request.tools,
    // Templates print results one after another: a model reads them in the order of its calls. A
    // result without its call stays as user text: dropped, it could leave a turn with no user message.
    policy: { resultOrder: 'calls', orphan: 'text' },
  });
  const historyRepairs = repaired.changes.length;
  context.onHistoryRepairs?.(historyRepairs);
  const grammar = turnGrammar(
    request,
    rules,
    model.format,
    model.backend.capabilities,
    model.reasoningBudget,
  );
  if (grammar !== undefined && grammar.warnings.length > 0) {
    context.notice(grammarNotice(grammar.warnings));
    context.onGrammarWarnings?.(grammar.warnings);
  }
  const checkedWhole = rules.constrained && grammar === undefined;
  const attempts = checkedWhole ? 1 + model.retries : 1;
  let messages: readonly Message[] = repaired.messages;
  for (let attempt = 0; attempt < attempts; attempt++) {
    // The notices of the rendering (a system message left out, ...) are said once, not per attempt.
    // The final assistant message's text, when the answer is to continue it (a retry's hint ends
    // the conversation with a user message instead).
    const prefill = request.continueFinal === true ? finalAssistantText(messages) : undefined;
    const generate = generateRequest(
      request,
      rules,
      messages,
      prefill,
      attempt === 0 ? context : { ...context, notice: () => {} },
      grammar?.grammar,
    );
    const turn = new TurnReader(
      request,
      rules,
      model,
      generate.prompt,
      context.maxAnswerCharacters,
      checkedWhole,
      // A continued message's answer may begin with the space after its last word.
      generate.prompt !== '' && prefill !== undefined,
    );
    const collected: TurnEvent[] = [];
    for await (const events of readBackend(model.backend, generate, turn)) {
      if (checkedWhole) for (const event of events) collected.push(event);
      else yield events;
    }
    const broken = turn.broken();
    const stats = { calls: turn.calls, invalidCalls: turn.invalidCalls, historyRepairs, retries: attempt };
    const finishReason = turn.finishReason();
    const stopSequence = finishReason === 'stop' ? turn.stopSequence() : undefined;
    const end: TurnEvent = {
      type: 'end',
      finishReason,
      usage: turn.usage,
      stats,
      ...(stopSequence === undefined ? {} : { stopSequence }),
    };
    if (broken === undefined) {
      collected.push(end);
      yield collected;
      return;
    }
    if (attempt + 1 < attempts) {
      context.notice(`retrying: ${broken.message}`);
      messages = [
        ...messages,
        {
          role: 'user',
          content: retryHint(
            rules,
            request.tools.map((tool) => tool.name),
            broken.message,
          ),
        },
      ];
      continue;
    }
    throw broken;
  }
}

function generateRequest(
  request: TurnRequest,
  rules: TurnRules,
  messages: readonly Message[],
  prefill: string | undefined,
  context: TurnContext,
  grammar: GenerateRequest['grammar'],
): GenerateRequest {
  const { model } = context;
  const tools = rules.noCalls ? [] : request.tools;
  const base = {
    model: model.backendModel,
    ...(model.format === 'auto' ? {} : { preservedTexts: getFormat(model.format).markers }),
    params:
      request.params.maxTokens === undefined && model.maxTokens !== undefined
        ? { ...request.params, maxTokens: model.maxTokens }
        : request.params,
    signal: context.signal,
    ...(grammar ? { grammar } : {}),
  };
  if (model.backend.kind === 'openai-chat-passthrough') {
    if (request.reasoning?.enabled === false)
      context.notice(
        `model "${model.name}" renders its template at the backend: thinking is not switched off there`,
      );
    const chat = passthroughChat(
      {
        messages,
        tools,
        toolChoice: request.toolChoice,
        parallelToolCalls: request.parallelToolCalls,
        format: model.format,
        model: model.backendModel,
        responseFormat: request.responseFormat,
        ...(request.reasoning === undefined ? {} : { reasoning: request.reasoning }),
      },
      model.toolsIn,
    );
    return { ...base, prompt: '', chat };
  }
  const rendered = renderPrompt(model, {
    messages,
    tools,
    toolChoice: request.toolChoice,
    ...(request.reasoning === undefined ? {} : { reasoning: request.reasoning }),
  });
  const prompt = prefill === undefined ? rendered : continuedPrompt(rendered, prefill, model.name);
  noteLeftOutSystem(messages, prompt, model.name, context.notice);
  if (request.reasoning !== undefined && model.renderer?.reasoningSwitch === false) {
    context.notice(
      `the chat template of model "${model.name}" (${model.renderer.source}) has no reasoning switch: the request's reasoning setting is not applied`,
    );
  }
  return { ...base, prompt };
}

async function* readBackend(
  backend: Backend,
  request: GenerateRequest,
  turn: TurnReader,
): AsyncGenerator<TurnEvent[]> {
  try {
    for await (const chunks of chunkBatches(backend.generate(request))) {
      const events: TurnEvent[] = [];
      readBatch(chunks, turn, events);
      if (events.length > 0) yield events;
      // Leaving the loop cancels the backend's request: the rest of its text would not be read.
      if (turn.ended) break;
    }
  } catch (error) {
    if (request.signal.aborted) throw abortedTurn(request.signal.reason);
    if (error instanceof BackendError) {
      if (error.code === 'context_length_exceeded') {
        // Worded as Anthropic's ("prompt is too long"), which Claude Code reads to compact the
        // conversation; OpenAI clients (Codex) read the code.
        throw new GatewayError(400, 'invalid_request_error', error.code, error.message, 'messages');
      }
      // Most messages name the backend already ("backend http://… answered 404", "the backend sent …");
      // its address is the operator's, not the client's to see (an internal host and port).
      const named = error.message.replace(/^backend https?:\/\/\S+/, 'the backend');
      const message = /^(the )?backend\b/.test(named) ? named : `backend: ${named}`;
      throw new GatewayError(error.status, 'server_error', error.code, message);
    }
    throw error;
  }
  // An aborted backend request ends quietly: the answer is cut off, never reported as complete.
  if (request.signal.aborted) throw abortedTurn(request.signal.reason);
  const last: TurnEvent[] = [];
  turn.finish(last);
  if (last.length > 0) yield last;
}

/**
 * Reads one batch of backend chunks (those of one network read) into `events`, in order. Adjacent
 * text chunks go to the parser as one piece and adjacent reasoning chunks become one event: they
 * arrived together, so joining them holds nothing back, and the client gets one delta per read
 * rather than one per token (the same text in a tenth of the bytes, with a tenth of the parser's
 * per-push work).
 */
function readBatch(chunks: readonly BackendChunk[], turn: TurnReader, events: TurnEvent[]): void {
  let text = '';
  let reasoning = '';
  for (const chunk of chunks) {
    if (chunk.type === 'text' || chunk.type === 'reasoning') turn.receive(chunk.text.length);
    if (chunk.type !== 'text' && text !== '') {
      turn.push(text, events);
      text = '';
    }
    if (chunk.type !== 'reasoning' && reasoning !== '') {
      events.push({ type: 'reasoning', text: reasoning });
      reasoning = '';
    }
    if (chunk.type === 'text') text += chunk.text;
    else if (chunk.type === 'reasoning') reasoning += chunk.text;
    else turn.done(chunk);
  }
  if (text !== '') turn.push(text, events);
  if (reasoning !== '') events.push({ type: 'reasoning', text: reasoning });
}

/**
 * Why an aborted turn ended: the gateway's own reason (shutting down), or the client going away,
 * which nobody receives an answer for; it is logged as `client_closed` with status 499 (the status
 * nginx logs for it), as a stream the client left is logged `client_closed`.
 */
function abortedTurn(reason: unknown): GatewayError {
  return reason instanceof GatewayError
    ? reason
    : new GatewayError(
        499,
        'server_error',
        'client_closed',
        'the client closed the request before the answer ended',
      );
}

/** How many characters of the first grammar warning a log notice quotes. */
const NOTICED_CHARACTERS = 200;

/**
 * One log line for a turn's grammar warnings, however many: their count and the first, quoted as a
 * JSON string and cut, because warnings carry the request's property names (a schema with 3,000
 * unexpressed keywords, or a name holding a newline, must not flood or forge the log).
 */
function grammarNotice(warnings: readonly string[]): string {
  const [first = ''] = warnings;
  const quoted = JSON.stringify(clipText(first, NOTICED_CHARACTERS));
  const count = warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`;
  return `grammar: ${count}, the first ${quoted} (all in x-toolwire-grammar-warnings)`;
}
