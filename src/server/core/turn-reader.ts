import { getFormat } from '../../formats/index.js';
import { alignValue } from '../../schema/index.js';
import { createToolCallStream } from '../../stream/index.js';
import type { ParseEvent } from '../../types/index.js';
import type { BackendChunk, BackendUsage } from '../backends/backend.js';
import { WordWatch } from '../backends/word-watch.js';
import { GatewayError } from '../http/gateway-error.js';
import { uncheckedIssues, writesTypedArguments } from './argument-fit.js';
import { newCallId } from './call-id.js';
import { formatReadsEnd } from './end-of-turn.js';
import type { ResolvedModel } from './resolved-model.js';
import type { TurnEvent, TurnFinishReason } from './turn-event.js';
import type { TurnRequest } from './turn-request.js';
import type { TurnRules } from './turn-rules.js';

/**
 * Reads one generation's text into `TurnEvent`s through the format's stream parser, applying the
 * turn's rules to each call, and keeps what the checks at the end need.
 */
export class TurnReader {
  calls = 0;
  invalidCalls = 0;
  usage: BackendUsage = {};
  private backendFinish: 'stop' | 'length' | undefined;
  private backendStop: string | undefined;
  private readonly stream: ReturnType<typeof createToolCallStream>;
  /** Watches the model's text for the end of its turn; `undefined` when the template names none. */
  private readonly endWatch: WordWatch | undefined;
  /** The end of the turn was found in the text: what follows is not read. */
  ended = false;
  /** The ends of turn the format reads itself (see `formatReadsEnd`). */
  private readonly endsReadByFormat: ReadonlySet<string>;
  /** The format writes typed argument values (see `writesTypedArguments`). */
  private readonly typedArguments: boolean;
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
    this.endWatch = model.endOfTurn.length > 0 ? new WordWatch(model.endOfTurn) : undefined;
    this.endsReadByFormat = new Set(model.endOfTurn.filter((marker) => formatReadsEnd(model.format, marker)));
    this.typedArguments = writesTypedArguments(model.format);
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
    if (this.ended) return;
    let piece = text;
    if (this.endWatch !== undefined) {
      // A backend that did not stop at the end of the turn: the model's answer ends there, and
      // what follows (a tool result, the user's reply, more calls it invented) is never read.
      const watched = this.endWatch.push(text);
      piece = watched.text;
      if (watched.word !== undefined) {
        // gpt-oss's `<|return|>` ends the turn and is the format's own: read with it.
        if (this.endsReadByFormat.has(watched.word)) piece += watched.word;
        this.ended = true;
        this.backendFinish = 'stop';
      }
    }
    // Into `out`, not yielded: per token, generators cost more than the work they wrap.
    for (const event of this.stream.push(piece)) this.event(event, out);
  }

  done(chunk: Extract<BackendChunk, { type: 'done' }>): void {
    if (chunk.usage) this.usage = chunk.usage;
    if (this.ended) return;
    this.backendFinish = chunk.finishReason;
    this.backendStop = chunk.stopSequence;
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
    if (!this.ended && this.endWatch !== undefined) {
      for (const event of this.stream.push(this.endWatch.flush())) this.event(event, out);
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
          `the answer does not follow ${this.request.responseFormatParam ?? 'response_format'}: ${problem}`,
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
        const why = this.refusal(event.toolName, uncheckedIssues(event, this.typedArguments));
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
