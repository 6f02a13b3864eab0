import { getFormat } from '../../formats/index.js';
import { repairHistory } from '../../providers/index.js';
import { alignValue } from '../../schema/index.js';
import { createToolCallStream } from '../../stream/index.js';
import type { Message, ParseEvent } from '../../types/index.js';
import {
  type Backend,
  type BackendChunk,
  BackendError,
  type BackendUsage,
  type GenerateRequest,
} from '../backends/backend.js';
import { chunkBatches } from '../backends/generation-stream.js';
import type { TokenCounter } from '../config/gateway-config.js';
import { clipText } from '../http/clip-text.js';
import { badField, GatewayError } from '../http/gateway-error.js';
import type { PromptRenderer } from '../template/prompt-renderer.js';
import { uncheckedIssues } from './argument-fit.js';
import { newCallId } from './call-id.js';
import { continuedPrompt, finalAssistantText } from './continue-final.js';
import { noteLeftOutSystem } from './left-out-system.js';
import { passthroughChat } from './passthrough-chat.js';
import { renderPrompt } from './render-prompt.js';
import { refuseUncheckedStrictSchemas } from './strict-schemas.js';
import type { TurnEvent, TurnFinishReason } from './turn-event.js';
import { turnGrammar } from './turn-grammar.js';
import type { TurnRequest } from './turn-request.js';
import { retryHint, type TurnRules, turnRules } from './turn-rules.js';

/** A served model with its backend made and its template loaded (see `createGateway`). */
export interface ResolvedModel {
  readonly name: string;
  readonly format: string;
  readonly renderer: PromptRenderer | undefined;
  readonly backend: Backend;
  readonly backendModel: string;
  readonly retries: number;
  readonly reasoningStartedInPrompt: boolean | undefined;
  readonly reasoningBudget: number | undefined;
  readonly contextLength: number | undefined;
  /** The model's tokenizer, when the config gives one (`count_tokens`). */
  readonly tokenCounter: TokenCounter | undefined;
  /** For `openai-chat-passthrough`: where the tools go (see `passthroughChat`). */
  readonly toolsIn: 'tools' | 'system';
}

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
  const repaired = repairHistory(request.messages, { target: 'openai-chat', tools: request.tools });
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
    const generate = generateRequest(
      request,
      rules,
      messages,
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
      generate.prompt !== '' && request.continueFinal === true && finalAssistantText(messages) !== undefined,
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
  context: TurnContext,
  grammar: GenerateRequest['grammar'],
): GenerateRequest {
  const { model } = context;
  const tools = rules.noCalls ? [] : request.tools;
  const base = {
    model: model.backendModel,
    params: request.params,
    signal: context.signal,
    ...(grammar ? { grammar } : {}),
  };
  const prefill = request.continueFinal === true ? finalAssistantText(messages) : undefined;
  if (model.backend.kind === 'openai-chat-passthrough') {
    if (prefill !== undefined)
      context.notice(
        `model "${model.name}" renders its template at the backend: the final assistant message is sent as a finished turn, not continued`,
      );
    const chat = passthroughChat(
      {
        messages,
        tools,
        toolChoice: request.toolChoice,
        parallelToolCalls: request.parallelToolCalls,
        format: model.format,
        model: model.backendModel,
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
    }
  } catch (error) {
    if (request.signal.aborted) throw abortedTurn(request.signal.reason);
    if (error instanceof BackendError) {
      // Most messages name the backend already ("backend http://… answered 404", "the backend sent …").
      const message = /^(the )?backend\b/.test(error.message) ? error.message : `backend: ${error.message}`;
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
 * Reads one generation's text into `TurnEvent`s through the format's stream parser, applying the
 * turn's rules to each call, and keeps what the checks at the end need.
 */
class TurnReader {
  calls = 0;
  invalidCalls = 0;
  usage: BackendUsage = {};
  private backendFinish: 'stop' | 'length' | undefined;
  private backendStop: string | undefined;
  private readonly stream: ReturnType<typeof createToolCallStream>;
  private readonly names: string[] = [];
  private readonly rejected: string[] = [];
  /** Why the first call of a `strict` tool was refused (its arguments do not fit the schema). */
  private strictMisfit: string | undefined;
  private content = '';
  private heldWhitespace = '';
  /** Characters of text and reasoning read so far (see `receive`). */
  private received = 0;

  constructor(
    private readonly request: TurnRequest,
    private readonly rules: TurnRules,
    model: ResolvedModel,
    prompt: string,
    private readonly maxAnswerCharacters: number,
    /** The answer is held back and checked whole (no grammar keeps the rules): see `refusal`. */
    private readonly checkedWhole: boolean,
    /** The answer continues a message: its leading whitespace is kept (see `text`). */
    private readonly continues: boolean,
  ) {
    this.stream = createToolCallStream({
      format: model.format,
      ...(rules.noCalls ? {} : { tools: request.tools }),
      reasoningStartedInPrompt: model.reasoningStartedInPrompt ?? opensReasoning(prompt, model.format),
      // JSON asked for: a fence around it (models often write one) is not part of the content.
      ...(rules.jsonContent ? { content: 'json' as const } : {}),
    });
  }

  /**
   * Counts `length` more characters of the model's answer (text and reasoning).
   *
   * @throws {GatewayError} 502 `backend_protocol` past `maxAnswerCharacters`: a backend that never
   *   stops would otherwise grow the answer until the engine's largest string, and the process's
   *   memory, gave out. Thrown inside the backend's read, so the backend request is cancelled.
   */
  receive(length: number): void {
    this.received += length;
    if (this.received > this.maxAnswerCharacters) {
      throw new GatewayError(
        502,
        'server_error',
        'backend_protocol',
        `backend: the answer is longer than ${this.maxAnswerCharacters} characters; the request to the backend was cancelled`,
      );
    }
  }

  /** Reads `text` (the next piece of the model's output), adding the events it completes to `out`. */
  push(text: string, out: TurnEvent[]): void {
    // Into `out`, not yielded: per token, generators cost more than the work they wrap.
    for (const event of this.stream.push(text)) this.event(event, out);
  }

  done(chunk: Extract<BackendChunk, { type: 'done' }>): void {
    this.backendFinish = chunk.finishReason;
    this.backendStop = chunk.stopSequence;
    if (chunk.usage) this.usage = chunk.usage;
  }

  /**
   * The request's stop sequence the backend reported stopping at; `undefined` when it reported none
   * or one the request did not ask for (a stop string of the server's own configuration).
   */
  stopSequence(): string | undefined {
    const stop = this.backendStop;
    return stop !== undefined && (this.request.params.stop ?? []).includes(stop) ? stop : undefined;
  }

  /** Ends the output, adding its last events to `out`. */
  finish(out: TurnEvent[]): void {
    if (this.backendFinish === undefined) {
      throw new GatewayError(
        502,
        'server_error',
        'backend_protocol',
        'backend: the generation ended without a finish',
      );
    }
    for (const event of this.stream.finish()) this.event(event, out);
  }

  finishReason(): TurnFinishReason {
    if (this.calls > 0) return 'tool_calls';
    return this.backendFinish ?? 'stop';
  }

  /**
   * The first rule the answer broke, as the error to answer with; `undefined` when it kept them all.
   * Only when the answer was held back for this check (`checkedWhole`: a backend without grammars) is
   * a strict tool's misfit call a broken rule (under a grammar it cannot happen, and one the grammar
   * let through was already sent as text).
   */
  broken(): GatewayError | undefined {
    const { rules } = this;
    const violation = (message: string) =>
      new GatewayError(422, 'model_output_error', 'tool_choice_violation', message);
    // Cut off by the token limit, the answer could not finish its call or its JSON: that is the
    // limit's doing, not a broken rule, and the client gets the text with finish_reason "length"
    // (as under `auto`), not an error that loses it or a retry that would hit the same limit.
    const cut = this.backendFinish === 'length';
    if (rules.callRequired && this.calls === 0 && !cut) {
      const why = this.rejected.length > 0 ? ` (${this.rejected[0]})` : '';
      return violation(`the model made no valid tool call although tool_choice requires one${why}`);
    }
    if (rules.atMostOneCall && this.calls > 1) {
      return violation(
        rules.onlyTool === undefined
          ? `the model made ${this.calls} tool calls although parallel_tool_calls is false`
          : `the model made ${this.calls} tool calls although tool_choice asks for one call to "${rules.onlyTool}"`,
      );
    }
    // A strict tool's call that does not fit is a broken rule too: asked again, then a 422, never
    // an answer that quietly holds the call as text.
    if (this.checkedWhole && this.strictMisfit !== undefined && !cut) return violation(this.strictMisfit);
    if (rules.jsonContent && this.calls === 0 && !cut) {
      const problem = jsonProblem(this.content, this.request);
      if (problem !== undefined) {
        return new GatewayError(
          422,
          'model_output_error',
          'response_format_violation',
          `the answer does not follow response_format: ${problem}`,
        );
      }
    }
    return undefined;
  }

  private event(event: ParseEvent, out: TurnEvent[]): void {
    switch (event.type) {
      case 'text-delta':
        this.text(event.delta, out);
        return;
      case 'reasoning-delta':
        out.push({ type: 'reasoning', text: event.delta });
        return;
      case 'tool-call': {
        const why = this.refusal(event.toolName, uncheckedIssues(event));
        if (why !== undefined) {
          this.asText(event.raw, why, out);
          return;
        }
        this.calls++;
        this.names.push(event.toolName);
        out.push({
          type: 'call',
          id: newCallId(),
          name: event.toolName,
          arguments: JSON.stringify(event.input),
        });
        return;
      }
      case 'tool-call-invalid':
        // A strict tool's call that could not be read or aligned (a required argument missing) does
        // not fit its schema either.
        if (event.toolName !== undefined && this.rules.strictTools.has(event.toolName))
          this.strictMisfit ??= `the arguments of "${event.toolName}" do not fit its strict schema (${event.error})`;
        this.asText(event.raw, event.error, out);
        return;
      default:
        return;
    }
  }

  /** Why a parsed call may not be returned as a call under the turn's rules. */
  private refusal(name: string, issues: number): string | undefined {
    if (this.rules.noCalls) return 'no tool calls were allowed';
    // Under a grammar (a backend that ignored it), a call past the one allowed is text, as a misfit
    // the grammar let through is: the call before it was sent already, and streamed and whole answers
    // must hold the same calls. An answer checked whole is asked again or refused instead (`broken`).
    if (this.rules.atMostOneCall && this.calls >= 1 && !this.checkedWhole)
      return `one call was allowed, and "${this.names[0]}" was called already`;
    if (this.rules.onlyTool !== undefined && name !== this.rules.onlyTool) {
      return `tool_choice names "${this.rules.onlyTool}", the model called "${name}"`;
    }
    if (issues > 0 && this.rules.strictTools.has(name)) {
      const why = `the arguments of "${name}" do not fit its strict schema`;
      this.strictMisfit ??= why;
      return why;
    }
    return undefined;
  }

  private asText(raw: string, why: string, out: TurnEvent[]): void {
    this.invalidCalls++;
    this.rejected.push(why);
    this.text(raw, out);
  }

  /**
   * Content text, trimmed at the content's two ends as servers answer (no blank lines after
   * `</think>` or before a call at the end): leading whitespace is dropped (unless the answer
   * continues a message), trailing whitespace is held back until more content follows (then sent
   * with it) or the turn ends (then dropped).
   */
  private text(delta: string, out: TurnEvent[]): void {
    let text = this.content === '' && !this.continues ? delta.trimStart() : delta;
    if (text === '') return;
    const body = text.trimEnd();
    if (body === '') {
      this.heldWhitespace += text;
      return;
    }
    text = this.heldWhitespace + body;
    this.heldWhitespace = delta.slice(delta.trimEnd().length);
    this.content += text;
    out.push({ type: 'text', text });
  }
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

function jsonProblem(content: string, request: TurnRequest): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return 'the content is not JSON';
  }
  const format = request.responseFormat;
  if (format.type === 'json_object') {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? undefined
      : 'the content is not a JSON object';
  }
  if (format.type !== 'json_schema') return undefined;
  const issues = alignValue(value, format.schema, { strict: true }).issues;
  return issues.length === 0
    ? undefined
    : `${issues[0]?.path || '/'}: ${issues[0]?.message ?? 'does not fit the schema'}`;
}

/**
 * Whether the prompt ends inside an opened reasoning block (a template whose generation prompt opens
 * `<think>`): one of the format's reasoning openers is the prompt's last non-blank text.
 */
function opensReasoning(prompt: string, format: string): boolean {
  const tail = prompt.trimEnd();
  if (tail === '') return false;
  let markers: readonly string[];
  try {
    markers = getFormat(format).markers;
  } catch {
    return false;
  }
  return markers.some((marker) => /think/i.test(marker) && !marker.includes('/') && tail.endsWith(marker));
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
