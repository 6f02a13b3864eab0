/**
 * `auto`: picks the format from the model name (`options.model`, matched against each format's `models`
 * substrings, longest match wins) or, without a model, from the first marker seen in the output.
 *
 * Marker detection holds the output back until a signature appears (then the chosen format parses
 * everything from the start) or until `finish()`; pass `model` to stream from the first chunk. The
 * signatures are literal strings searched with `indexOf` over the new chunk plus a small overlap, so
 * detection stays linear. A `<tool_call>` needs its next characters to tell Hermes JSON, Qwen3-Coder
 * XML and GLM key/value apart; an output with no signature is parsed by the markerless formats
 * (`llama3_json` for a leading `{"name"`, `xlam` for `[{"name"`, `pythonic` for a leading `[name(`)
 * or else by the agent-style `tagged` format (garbled tag spellings, fences, `<invoke>`, whole-response
 * JSON), which leaves plain text as content.
 *
 * `auto` never misses silently (issue 14): a parse in which the chosen format found no call while
 * another format's call signature is in the output (a marker below, a pythonic call list `[name(`, a
 * JSON call object `{"name":`) ends with a warning naming it (`AutoParser.warnings`, `ParseResult.warnings`),
 * and so does a `model` name that no format lists. A model family that writes more than one format
 * (`modelFormats`) gets each of them tried.
 */
import type { ParseEvent } from '../types/parse-event.js';
import type { Warning } from '../types/warning.js';
import { BaseFormatParser } from './core/base-parser.js';
import { SpanRecorder } from './core/span-recorder.js';
import type { FormatDefinition, FormatOptions, FormatParser } from './format-definition.js';
import { checkChunk, checkFormatOptions, parserFinished } from './format-options.js';

/** `FormatOptions` plus the model name that `auto` resolves. */
export interface AutoFormatOptions extends FormatOptions {
  readonly model?: string;
}

/** A literal that, once seen, decides the format; `then` refines on the text right after it. */
interface Signature {
  readonly marker: string;
  readonly format: string | ((after: string) => string | undefined);
  /** For a refining `format`: the ids it can choose, for listings. */
  readonly candidates?: string;
  /** How many characters after the marker `format` needs to decide. */
  readonly lookahead?: number;
}

const toolCallTag = (after: string): string | undefined => {
  const body = after.trimStart();
  if (body === '') return undefined;
  const first = body.charCodeAt(0);
  if (first === 0x7b /* { */ || first === 0x5b /* [ */) return 'hermes';
  if (body.startsWith('<function=')) return 'qwen3_coder';
  if ('<function='.startsWith(body)) return undefined;
  // GLM: a bare tool name, then a newline or `<arg_key>` (or `</tool_call>` for no arguments).
  let end = 0;
  while (end < body.length && /[\w.-]/.test(body.charAt(end))) end++;
  if (end === body.length) return undefined;
  const next = body.charAt(end);
  return end > 0 && (next === '\n' || next === '<') ? 'glm47' : 'hermes';
};

/** `<function=NAME>` then JSON is Functionary v3.1; then `<parameter=` it is Qwen3-Coder XML. */
const functionTag = (after: string): string | undefined => {
  const close = after.indexOf('>');
  if (close < 0) return after.length >= 64 ? 'qwen3_coder' : undefined;
  const body = after.slice(close + 1).trimStart();
  if (body === '') return after.length >= 64 ? 'qwen3_coder' : undefined;
  return body.startsWith('{') ? 'functionary_v31' : 'qwen3_coder';
};

/** `<tool_calls>` holds a JSON list (Jamba, Apriel, Hunyuan-A13B) or `<tool_call>` blocks (HY-v3). */
const toolCallsTag = (after: string): string | undefined => {
  const body = after.trimStart();
  // A prefix of `<tool_call>` (the chunk ended inside it) decides nothing yet.
  if (body === '' || (body.length < 11 && '<tool_call>'.startsWith(body))) return undefined;
  return body.startsWith('<tool_call>') ? 'hy_v3' : 'jamba';
};

/**
 * Checked in this order; the earliest marker in the text wins, ties by this order. Only markers that
 * no other format writes in its content are here: `>>>` (Functionary v3.2) and `Action:` (Command R+)
 * also open Python REPL lines and prose, so those formats are picked by model name only.
 */
const signatures: readonly Signature[] = [
  { marker: '<|channel|>', format: 'harmony' },
  { marker: '<|start|>assistant', format: 'harmony' },
  { marker: '<|tool_calls_section_begin|>', format: 'kimi_k2' },
  { marker: '<|tool_call_begin|>', format: 'kimi_k2' },
  { marker: '<|open|>', format: 'kimi_k3' },
  { marker: '<｜DSML｜function_calls>', format: 'deepseek_v32' },
  { marker: '<｜DSML｜tool_calls>', format: 'deepseek_v4' },
  {
    marker: '<｜tool▁call▁begin｜>',
    format: (after) =>
      after.length < 8 ? undefined : after.startsWith('function') ? 'deepseek_v3' : 'deepseek_v31',
    lookahead: 8,
    candidates: 'deepseek_v3 | deepseek_v31',
  },
  { marker: '<｜tool_calls_begin｜>', format: 'step3' },
  { marker: '<minimax:tool_call>', format: 'minimax_m2' },
  { marker: ']<]minimax[>[', format: 'minimax_m3' },
  { marker: '[TOOL_CALLS]', format: 'mistral' },
  { marker: '<seed:tool_call>', format: 'seed_oss' },
  { marker: '<function=', format: functionTag, lookahead: 64, candidates: 'qwen3_coder | functionary_v31' },
  { marker: '<function name=', format: 'minicpm5' },
  { marker: '<function_calls>', format: 'olmo3' },
  { marker: '<tool_calls>', format: toolCallsTag, lookahead: 16, candidates: 'jamba | hy_v3' },
  { marker: '<tool_call>', format: toolCallTag, lookahead: 64, candidates: 'hermes | qwen3_coder | glm47' },
  { marker: '<|tool_call|>', format: 'granite' },
  { marker: '<|tool_call>', format: 'gemma4' },
  { marker: '<start_function_call>', format: 'functiongemma' },
  { marker: '<TOOLCALL>', format: 'nemotron' },
  { marker: 'functools[', format: 'phi4_mini' },
  { marker: '<|tools_prefix|>', format: 'apertus' },
  { marker: '<|START_ACTION|>', format: 'command_r7b' },
  { marker: '<|action_start|>', format: 'internlm' },
  { marker: '<|function_call|>', format: 'gigachat3' },
  { marker: 'function call<|role_sep|>', format: 'gigachat3' },
  { marker: '<atem:function_calls>', format: 'muse' },
  { marker: '<|python_tag|>', format: 'llama3_json' },
  { marker: '<|python_start|>', format: 'llama4_pythonic' },
  { marker: '<|tool_call_start|>', format: 'lfm2' },
];

/** The marker signatures `auto` detects, with the format each points to (`a | b` when what follows decides). */
export function listDetectionMarkers(): Array<{ marker: string; format: string }> {
  return signatures.map((signature) => ({
    marker: signature.marker,
    format: typeof signature.format === 'string' ? signature.format : (signature.candidates ?? '*'),
  }));
}

const maxMarkerLength = Math.max(...signatures.map((signature) => signature.marker.length));

/**
 * The format a model name maps to: among the formats' `models` entries found in `model` (any case),
 * the one that starts first, the longest of those. Fine-tunes put their own family first
 * (`Hermes-3-Llama-3.1-8B` is Hermes, not Llama 3.1); a longer entry refines a shorter one at the same
 * place (`qwen3-coder` over `qwen3`). `undefined` when none matches.
 */
export function detectFormatFromModel(
  model: string,
  formats: readonly FormatDefinition[],
): FormatDefinition | undefined {
  const name = model.toLowerCase();
  let best: FormatDefinition | undefined;
  let bestStart = Number.POSITIVE_INFINITY;
  let bestLength = 0;
  for (const format of formats) {
    for (const pattern of format.models) {
      const start = name.indexOf(pattern);
      if (start < 0) continue;
      if (start < bestStart || (start === bestStart && pattern.length > bestLength)) {
        best = format;
        bestStart = start;
        bestLength = pattern.length;
      }
    }
  }
  return best;
}

/**
 * The format id that the earliest signature marker in `text` points to; `undefined` when there is
 * none, `"?"` when a signature was seen but the text after it is too short to decide.
 */
export function detectFormatFromText(text: string): string | undefined | '?' {
  return detectSignature(text).id;
}

/**
 * `detectFormatFromText`, and whether a `"?"` is final: the earliest signature's whole lookahead is
 * in `text` and still decides nothing, so no later text can change the outcome (the whole-text parse
 * reads the same characters and falls back the same way at `finish()`).
 */
function detectSignature(text: string): { id: string | undefined | '?'; settled: boolean } {
  let best: { index: number; signature: Signature } | undefined;
  for (const signature of signatures) {
    const index = text.indexOf(signature.marker);
    if (index >= 0 && (best === undefined || index < best.index)) best = { index, signature };
  }
  if (!best) return { id: undefined, settled: false };
  const { signature, index } = best;
  if (typeof signature.format === 'string') return { id: signature.format, settled: true };
  const lookahead = signature.lookahead ?? 0;
  const after = text.slice(index + signature.marker.length, index + signature.marker.length + lookahead);
  const id = signature.format(after);
  return id === undefined ? { id: '?', settled: after.length >= lookahead } : { id, settled: true };
}

/** How much of the output's start `detectLeadingCall` reads. */
const headLength = 64;

/**
 * A call object at the very start of the output (after whitespace): `{"name": …` is `llama3_json`,
 * `[{"name": …` is `xlam`. Such an output is read as that format even when a marker of another one
 * appears later inside it (in an argument string).
 */
function detectLeadingCall(head: string): string | undefined {
  const trimmed = head.trimStart();
  if (/^\{\s*"name"\s*:/.test(trimmed)) return 'llama3_json';
  if (/^\[\s*\{\s*"name"\s*:/.test(trimmed)) return 'xlam';
  return undefined;
}

/** Markerless formats, tried on the whole output at `finish()` when no signature appeared. */
function detectMarkerless(text: string): string | undefined {
  const trimmed = text.trimStart();
  if (/^\{\s*"name"\s*:/.test(trimmed.slice(0, 64))) return 'llama3_json';
  if (/^\[\s*\{\s*"name"\s*:/.test(trimmed.slice(0, 64))) return 'xlam';
  if (/^\[\s*[A-Za-z_][\w.]*\(/.test(trimmed.slice(0, 256))) return 'pythonic';
  return undefined;
}

/**
 * Model families that write more than one format, the formats in the order `auto` tries them: the
 * first is the one `detectFormatFromModel` finds for the name (an entry applies only then, so a
 * fine-tune named after another family keeps its own). Llama 3.2: JSON calls, and Python call lists
 * from the 1B/3B models (vLLM's tool-calling docs list `pythonic` for Llama-3.2-1B/3B-Instruct; the
 * Llama 3.2 model card gives both prompt formats).
 */
const modelFormats: ReadonlyArray<{ readonly pattern: string; readonly formats: readonly string[] }> = [
  { pattern: 'llama-3.2', formats: ['llama3_json', 'pythonic'] },
  { pattern: 'llama3.2', formats: ['llama3_json', 'pythonic'] },
];

/**
 * Model names (case-insensitive substrings) whose chat template opens the reasoning block in the
 * generation prompt, so their output starts inside it: they imply `reasoningStartedInPrompt` (unless
 * it is given). DeepSeek-R1 and its distills (`<think>\n` added since the 2025-01 template update),
 * QwQ-32B, Qwen3 `-Thinking-2507` and Qwen3-Next Thinking (model cards: "the default chat template
 * automatically includes `<think>`"), MiniMax-M2 (`]~b]ai\n<think>\n`) and Step-3.5 (`<think>\n` after
 * the assistant header): templates that open the block on every generation prompt. Templates that
 * open it only by default (Qwen3.5, GLM-4.7, DeepSeek-V3.1/3.2, Nemotron 3: a switch writes a closed
 * block instead) are not listed: with the switch off the output holds no closer, and all of it would
 * be read as reasoning. Without this implication a `</think>` with nothing opening it is content.
 */
const reasoningOpenedModels: readonly string[] = [
  'deepseek-r1',
  'r1-distill',
  'qwq',
  'thinking-2507',
  'qwen3-next-80b-a3b-thinking',
  'minimax-m2',
  'step-3.5',
  'step3.5',
];

/** How `auto` reads a model name: the formats to try (first = the model's own) and implied options. */
export interface ModelPlan {
  readonly formats: readonly FormatDefinition[];
  readonly reasoningOpened: boolean;
}

/**
 * The plan for `model` (see `modelFormats`, `reasoningOpenedModels`): `undefined` when no format lists
 * the name (then `auto` detects the format from the output and warns).
 */
export function modelPlan(
  model: string,
  formats: readonly FormatDefinition[],
  resolve: (id: string) => FormatDefinition | undefined,
): ModelPlan | undefined {
  const primary = detectFormatFromModel(model, formats);
  if (primary === undefined) return undefined;
  const name = model.toLowerCase();
  const family = modelFormats.find(
    (entry) => name.includes(entry.pattern) && entry.formats[0] === primary.id,
  );
  const tried = family
    ? family.formats.flatMap((id) => {
        const format = resolve(id);
        return format ? [format] : [];
      })
    : [primary];
  return {
    formats: tried.length > 0 ? tried : [primary],
    reasoningOpened: reasoningOpenedModels.some((pattern) => name.includes(pattern)),
  };
}

/** What the output holds that another format would read as a call (see `callSignatureHint`). */
interface Hint {
  readonly format: string;
  readonly what: string;
  readonly index: number;
}

const pythonicList = /\[\s*[A-Za-z_][\w.]*\(/;
const jsonCallObject = /\{\s*"name"\s*:/;
const pythonicFormats = new Set(['pythonic', 'llama4_pythonic', 'lfm2', 'olmo3']);

/**
 * The earliest call signature of a format other than `chosen` in `text`: a detection marker, a
 * pythonic call list (`[name(`), a JSON call object (`{"name":`). One pass per signature: linear.
 */
export function callSignatureHint(text: string, chosen: string): Hint | undefined {
  let best: Hint | undefined;
  const consider = (hint: Hint): void => {
    if (best === undefined || hint.index < best.index) best = hint;
  };
  for (const signature of signatures) {
    const index = text.indexOf(signature.marker);
    if (index < 0 || (best !== undefined && index >= best.index)) continue;
    const after = index + signature.marker.length;
    const format =
      typeof signature.format === 'string'
        ? signature.format
        : (signature.format(text.slice(after, after + (signature.lookahead ?? 0))) ??
          signature.candidates ??
          '');
    if (format === '' || format.split(' | ').includes(chosen)) continue;
    consider({ format, what: `the marker ${JSON.stringify(signature.marker)}`, index });
  }
  if (!pythonicFormats.has(chosen)) {
    const match = pythonicList.exec(text);
    if (match)
      consider({
        format: 'pythonic',
        what: `a pythonic call list ${JSON.stringify(match[0])}`,
        index: match.index,
      });
  }
  if (chosen !== 'llama3_json' && chosen !== 'xlam') {
    const match = jsonCallObject.exec(text);
    if (match)
      consider({
        format: 'llama3_json',
        what: `a JSON call object ${JSON.stringify(match[0])}`,
        index: match.index,
      });
  }
  return best;
}

/** The warning of a parse that found no call while `hint` is in the output. */
function missedCallWarning(chosen: string, hint: Hint): Warning {
  return {
    type: 'other',
    message:
      `format "${chosen}" found no tool call, but the output holds ${hint.what} at offset ${hint.index}, ` +
      `a call signature of format "${hint.format}" (pass format "${hint.format}" if the model writes it)`,
  };
}

/** The warning of a `model` name that no format lists. */
function unknownModelWarning(model: string): Warning {
  return {
    type: 'other',
    message: `model "${model}" is not in the model table (no format lists it): the format was detected from the output`,
  };
}

const isCallEvent = (event: ParseEvent): boolean =>
  event.type === 'tool-call' || event.type === 'tool-call-invalid';

/**
 * Wraps the chosen format's parser; before the choice, chunks are buffered. Created by `auto` with
 * no model or an unknown one (marker detection, warning about the unknown name), or for a known model
 * with its `ModelPlan.formats`: one format is used from the first chunk; several (Llama 3.2) are
 * chosen among by their markers as they appear, else at `finish()` by trying each on the output in
 * order and keeping the first that finds a call (or an invalid call). Either way `warnings` says when
 * the chosen format found no call but another format's call signature is in the output; until a call
 * shows up the chunks are kept (references, not copies) to look for one at `finish()`.
 */
export class AutoParser implements FormatParser {
  private inner: FormatParser | undefined;
  private chosen: string | undefined;
  private readonly chunks: string[] = [];
  /** The last few characters searched, so a marker split across chunks is still found. */
  private window = '';
  /** The output's first `headLength` code units (see `detectLeadingCall`). */
  private head = '';
  /** `finish()` ran: `push` and `finish` throw until `reset()`. */
  private finished = false;
  /**
   * The earliest signature saw its whole lookahead and decided nothing: only `finish()` decides now.
   * Without this, the undecided marker would slide out of `window` and a later one would decide,
   * which the whole text (searched from its start) never does.
   */
  private settled = false;
  private readonly options: AutoFormatOptions;
  /** The formats a known model writes (`ModelPlan.formats`); `undefined` for detection by markers. */
  private readonly candidates: readonly FormatDefinition[] | undefined;
  /** A call (or invalid call) was emitted this turn. */
  private sawCall = false;
  /** The chunks of the turn while no call was emitted (for `callSignatureHint` at `finish()`). */
  private seen: string[] = [];
  private readonly startWarnings: readonly Warning[];
  private turnWarnings: Warning[] = [];

  /**
   * @param formats the formats of a known model (`ModelPlan.formats`), else marker detection.
   * @throws {ToolwireError} (code `invalid_argument`) or {InvalidToolsError} (code `invalid_tools`)
   *   for options that are not what `AutoFormatOptions` says, checked here as the formats check theirs.
   */
  constructor(
    options: AutoFormatOptions,
    private readonly resolve: (id: string) => FormatDefinition | undefined,
    private readonly fallback: FormatDefinition,
    formats?: readonly FormatDefinition[],
  ) {
    this.options = checkFormatOptions(options);
    this.candidates = formats !== undefined && formats.length > 0 ? formats : undefined;
    const model = this.options.model;
    this.startWarnings =
      this.candidates === undefined && model !== undefined ? [unknownModelWarning(model)] : [];
    this.turnWarnings = [...this.startWarnings];
    this.preset();
  }

  /** The id of the format chosen so far, `undefined` before the choice. */
  get format(): string | undefined {
    return this.chosen;
  }

  /**
   * What the caller should know about this turn (see the class comment): an unknown model name, from
   * the start; a call signature of another format in an output where the chosen one found no call,
   * after `finish()`. In the AI SDK's `Warning` shape (`type: 'other'`).
   */
  get warnings(): readonly Warning[] {
    return this.turnWarnings;
  }

  /** A model that writes one format streams through it from the first chunk. */
  private preset(): void {
    const only = this.candidates?.length === 1 ? this.candidates[0] : undefined;
    if (only === undefined) return;
    this.chosen = only.id;
    this.inner = this.createInner(only);
  }

  private watch(events: ParseEvent[]): ParseEvent[] {
    if (!this.sawCall && events.some(isCallEvent)) {
      this.sawCall = true;
      this.seen = [];
    }
    return events;
  }

  /** Whether a format detected from the text may be chosen: any, or one of a known model's. */
  private allowed(format: FormatDefinition): boolean {
    return this.candidates === undefined || this.candidates.includes(format);
  }

  /**
   * @throws {ToolwireError} code `invalid_argument` for a chunk that is not a string, `parser_finished`
   *   after `finish()`.
   */
  push(chunk: string): ParseEvent[] {
    checkChunk(chunk);
    if (this.finished) throw parserFinished('push');
    if (!this.sawCall && chunk !== '') this.seen.push(chunk);
    if (this.inner) return this.watch(this.inner.push(chunk));
    this.chunks.push(chunk);
    // An output that starts with a call object (`{"name": …`, `[{"name": …`) is decided by that start:
    // a marker later inside it (`"<tool_call>"` in an argument string) is data. Bounded: only the
    // output's first `headLength` code units are looked at.
    if (this.head.length < headLength) {
      this.head += chunk.slice(0, headLength - this.head.length);
      const leading = detectLeadingCall(this.head);
      if (leading !== undefined) {
        const format = this.resolve(leading);
        if (format && this.allowed(format)) return this.choose(format);
      }
    }
    if (this.settled) return [];
    // Only the new chunk plus a bounded overlap is searched, so total work stays linear.
    const searched = this.window + chunk;
    this.window = searched.slice(-(maxMarkerLength + 64));
    const { id, settled } = detectSignature(searched);
    if (id === '?' && settled) this.settled = true;
    if (id === undefined || id === '?') return [];
    const format = this.resolve(id);
    if (!format || !this.allowed(format)) return [];
    return this.choose(format);
  }

  /** @throws {ToolwireError} code `parser_finished` when called a second time (before `reset()`). */
  finish(): ParseEvent[] {
    if (this.finished) throw parserFinished('finish');
    this.finished = true;
    const events = this.watch(this.inner ? this.inner.finish() : this.finishUndecided());
    if (!this.sawCall && this.chosen !== undefined) {
      const hint = callSignatureHint(this.seen.join(''), this.chosen);
      if (hint) this.turnWarnings.push(missedCallWarning(this.chosen, hint));
    }
    this.seen = [];
    return events;
  }

  /** `finish()` before a marker decided: the markerless formats, or each of a known model's in turn. */
  private finishUndecided(): ParseEvent[] {
    const text = this.chunks.join('');
    this.chunks.length = 0;
    this.window = '';
    const candidates = this.candidates;
    if (candidates !== undefined) {
      let first: { format: FormatDefinition; parser: FormatParser; events: ParseEvent[] } | undefined;
      for (const format of candidates) {
        const parser = format.create(this.options);
        const events = [...parser.push(text), ...parser.finish()];
        first ??= { format, parser, events };
        if (events.some(isCallEvent)) {
          first = { format, parser, events };
          break;
        }
      }
      const used = first as { format: FormatDefinition; parser: FormatParser; events: ParseEvent[] };
      this.chosen = used.format.id;
      if (this.spans) {
        // Debug mode: only the chosen parser may record spans, so it reads the text again.
        this.inner = this.createInner(used.format);
        return [...this.inner.push(text), ...this.inner.finish()];
      }
      this.inner = used.parser;
      return used.events;
    }
    const id = detectMarkerless(text) ?? detectFormatFromText(text);
    const format = (id && id !== '?' ? this.resolve(id) : undefined) ?? this.fallback;
    const inner = this.createInner(format);
    this.chosen = format.id;
    this.inner = inner;
    return [...inner.push(text), ...inner.finish()];
  }

  reset(): string {
    this.finished = false;
    const buffered = this.inner ? this.inner.reset() : this.chunks.join('');
    this.inner = undefined;
    this.chosen = undefined;
    this.chunks.length = 0;
    this.window = '';
    this.head = '';
    this.sawCall = false;
    this.seen = [];
    this.turnWarnings = [...this.startWarnings];
    this.settled = false;
    this.preset();
    return buffered;
  }

  /**
   * Debug mode of the exact nothing-lost check (see `BaseFormatParser.recordSpans`): the chosen
   * format's parser records its spans into the returned recorder. Call before the first `push`.
   */
  recordSpans(): SpanRecorder {
    this.spans ??= new SpanRecorder();
    // A known model's one format was created with the parser (`preset`).
    if (this.inner instanceof BaseFormatParser) this.inner.adoptSpans(this.spans);
    return this.spans;
  }

  private spans: SpanRecorder | undefined;

  /** The chosen format's parser, recording into `spans` in debug mode. */
  private createInner(format: FormatDefinition): FormatParser {
    const inner = format.create(this.options);
    if (this.spans && inner instanceof BaseFormatParser) inner.adoptSpans(this.spans);
    return inner;
  }

  private choose(format: FormatDefinition): ParseEvent[] {
    this.chosen = format.id;
    this.inner = this.createInner(format);
    const text = this.chunks.join('');
    this.chunks.length = 0;
    this.window = '';
    return this.watch(this.inner.push(text));
  }
}
