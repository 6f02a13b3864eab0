/**
 * Parse-corpus conformance runner: loads `shared/corpus/parse/*.jsonl` (raw model outputs with the
 * results other projects' test suites expect, see its README) and checks our format parsers against
 * them. Used by `parse-corpus.test.ts` (vitest) and `report.ts` (a debugging CLI). No vitest import.
 *
 * Global decisions (how the corpus's expectations map onto our `ParseResult`):
 *
 * 1. Content `null`. Our `content` is always a string, so an expected `null` (the source returned
 *    None) equals an actual `""`. Whitespace-only actual content is NOT `null` under the exact check
 *    (`" "` vs None is a mismatch); the relaxed checks (`trimmed`, `rstrip`, ...) read `null` as `""`.
 * 2. Argument text. We re-serialize arguments, so byte-exact argument strings are not a goal. An
 *    `arguments_text` that is valid JSON is compared by value (deep equality with our arguments, key
 *    order irrelevant). An `arguments_text` that is NOT valid JSON is what the source returned for a
 *    cut-off call; unless `checks.arguments` is `incomplete_ok` (then it is not compared, as in the
 *    source) it must be consistent with what we return:
 *    - a complete call of ours: its arguments must be a completion of that text, i.e. the text in
 *      canonical form (whitespace outside strings dropped, strings and numbers re-encoded as
 *      `JSON.stringify` writes them) is a prefix of `JSON.stringify(arguments)`;
 *    - an invalid call of ours (we kept the raw text instead of guessing): its `raw` must contain the
 *      text verbatim; such an invalid call stands in for the expected call (in call order);
 *    - a call still open in a streaming prefix (partial cases, below): the text streamed so far (the
 *      `tool-input-delta`s) must equal the expected text in canonical form.
 * 3. Ids are compared only where the expected call has an `id` (the README says llama.cpp expects an
 *    empty id otherwise; we always produce one, `call_N`, so absent ids are not checked).
 * 4. Invalid calls (`invalidToolCalls`) are not calls: the expected `tool_calls` are compared with
 *    `toolCalls` only, except as said in 2. An unexpected invalid call is not a mismatch by itself
 *    (its text must still be somewhere: the nothing-lost check covers it).
 * 5. Tools. A case's `tools` (name + parameters schema) are passed to the parser; `tools: []` means
 *    the source passed none, so we pass none (an empty list would make every call `unknown_tool`).
 * 6. Reasoning options (llama.cpp cases): `thinking_forced_open: true` → `reasoningStartedInPrompt`;
 *    `reasoning_format: "none"` → `reasoning: 'content'`, `auto`/`deepseek` → `'split'`. llama.cpp
 *    parses `generation_prompt + input`, so with forced-open thinking AND `none` the reasoning-open tag
 *    that ends the generation prompt (e.g. `<think>\n`) shows up in the expected content: we prepend
 *    that tag to the input (see `reasoningOpenTag`). Every check (nothing lost, splits) then runs on
 *    the prepended text.
 * 6b. vLLM cases: vLLM's tool-parser tests run the tool parser alone, without a reasoning parser, so
 *    reasoning blocks stay in the content they expect (no vLLM case expects reasoning split off):
 *    `reasoning: 'inline'` (blocks recognized, a call quoted inside one is still not a call, text and
 *    tags kept in content).
 * 6c. tinyagents cases run as the source's functions do (`options.entrypoint` names the function):
 *    its dialect always reads the GLM line shorthand (`glmShorthand: true`); where its tools are a
 *    P-Format registry (`options.registry`) they type the calls they know and are not an allowlist
 *    (`allowUnknownTools: true`); a JSON value the source handed to a tag-body reader
 *    (`input_kind: json_value` with `parse_tool_call_value` / `parse_tool_calls_from_json_value`) is
 *    parsed as the body of a `<tool_call>` tag (the whole-response entry point, whose bare objects
 *    refuse argument-key aliases, gets the value as it is).
 * 6d. Content conventions (README sections 5 and 7.2 say to apply them per source): cases run with the
 *    `content` option that reproduces their parser's convention (`contentConvention`): `trim` for vLLM
 *    Apertus, Gemma 4, FunctionGemma, legacy GLM-4.5 and SGLang Mistral; `nonblank` (whitespace-only
 *    content is None) for vLLM GLM-4.7, Jamba and the Qwen3 XML / Coder parsers (these also when
 *    streaming: vllm/qwen3_coder/13, 22); `narrative` for tinyagents; `json` for llama.cpp
 *    cases with a `json_schema` (response_format: llama.cpp reads the content as JSON, unwrapping a
 *    Markdown fence; its comparison trims anyway). vLLM's conventions are
 *    those of its non-streaming path: its streaming path sends the text as it comes (vllm/jamba/6 and 8
 *    keep the " " that vllm/jamba/2 and 4 drop; vllm/apertus/15 keeps "Sure! "), so its streaming
 *    cases run verbatim. These modes drop whitespace only; nothing-lost is checked on a second,
 *    verbatim run of the same text.
 * 6e. vLLM's and SGLang's tool parsers never check arguments against the tool's schema (a call with a
 *    required argument missing is still their call): their cases with tools run with
 *    `allowInvalidArguments` (the call comes back with its problems in `issues`).
 * 6f. As in 6, llama.cpp reads `generation_prompt + input`; for a forced-open thinking prompt that ends in
 *    plain text rather than a tag: Apriel's template ends the prompt with the reasoning's first line
 *    (`<|begin_assistant|>\nHere are my reasoning steps:\n`), which llama.cpp then returns as the start
 *    of the reasoning; we prepend the prompt's text after its last tag (see `preparedInput`).
 * 7. Partial cases (`options.partial`: an unfinished stream, the source parsed it as a prefix) are
 *    checked against the parser's state after `push(input)` WITHOUT `finish()`: committed content and
 *    reasoning, completed calls, and calls that have been announced (`tool-input-start`) but not
 *    completed yet ("open calls", with their streamed argument text). An expected call whose argument
 *    text is incomplete must be matched by an open call of the same name: the source requires the
 *    name to be known before the call ends. The final parse (`push` + `finish`) of the same text must
 *    still not throw, lose nothing, and be equal for every chunking.
 * 8. `options.xfail`, `skipped_in_source` and `truncated` change nothing: the xfail expectation is what
 *    a correct parser should produce, skipped tests still carry the source's own expectation, and a
 *    truncated output is parsed as final (push + finish) like any other.
 * 9. `checks.no_error`: only "does not throw" is checked (plus, like every case, nothing lost and
 *    split equality).
 * 10. Unknown `checks` keys or values are reported as mismatches, so a corpus update cannot make the
 *    runner pass cases silently.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContentMode } from '../../src/formats/core/content-shaper.js';
import type { FormatDefinition, FormatOptions } from '../../src/formats/format-definition.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import type { InvalidToolCall, ParseResult, ToolCall } from '../../src/types/tool-call.js';
import { corpusUrl } from '../corpus-path.js';
import { runWithSpans, spanProblems } from '../formats/span-check.js';

// ---------------------------------------------------------------------------------------------
// Corpus schema (README section 1)

export interface CorpusToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly arguments_text?: string;
  readonly id?: string;
}

export interface CorpusExpected {
  /** `null`: the source expects None; absent: not checked. */
  readonly content?: string | null;
  readonly reasoning?: string;
  readonly tool_calls: readonly CorpusToolCall[];
}

export type ContentCheck =
  | 'trimmed'
  | 'rstrip'
  | 'contains'
  | 'startswith'
  | 'startswith_trimmed'
  | 'contains_all'
  | 'unchecked';
export type ArgumentsCheck =
  | 'subset'
  | 'unchecked'
  | 'types'
  | 'keys'
  | 'non_empty'
  | 'arguments_text'
  | 'incomplete_ok';
export type ToolCallsCheck = 'count_only' | 'at_least_one' | 'contains' | 'if_any' | 'unchecked';

export interface CorpusChecks {
  readonly content?: ContentCheck;
  readonly content_contains?: readonly string[];
  readonly content_not_contains?: readonly string[];
  readonly reasoning?: 'trimmed' | 'contains';
  readonly arguments?: ArgumentsCheck;
  readonly argument_types?: Readonly<Record<string, string>>;
  readonly argument_keys?: readonly string[];
  readonly arguments_by_call?: readonly ('exact' | 'unchecked')[];
  readonly arguments_text_in?: readonly string[];
  readonly arguments_text_contains?: readonly string[];
  readonly names?: 'unchecked';
  readonly tool_calls?: ToolCallsCheck;
  readonly tool_call_count?: number;
  readonly name_count?: Readonly<Record<string, number>>;
  readonly no_error?: boolean;
}

export interface CorpusOptions {
  readonly mode?: 'nonstreaming' | 'streaming' | 'both';
  readonly chunks?: readonly string[];
  readonly chunking?: string;
  readonly partial?: boolean;
  readonly truncated?: boolean;
  readonly xfail?: Readonly<Record<string, string>>;
  readonly skipped_in_source?: unknown;
  readonly skipped_if_missing_extension?: unknown;
  readonly generation_prompt?: string;
  readonly thinking_forced_open?: boolean;
  readonly reasoning_format?: string;
  readonly [key: string]: unknown;
}

export interface CorpusCase {
  readonly id: string;
  readonly source: string;
  readonly format: string;
  readonly tools: readonly ToolDefinition[];
  readonly input: string;
  readonly expected: CorpusExpected;
  readonly checks?: CorpusChecks;
  readonly options?: CorpusOptions;
  readonly test?: string;
  readonly line?: number;
  readonly notes?: string;
  /** Added by the loader: the file the case came from, without `.jsonl` (`llama.cpp`, `vllm`, ...). */
  readonly file: string;
}

// ---------------------------------------------------------------------------------------------
// Loading

/** The corpus folder: `shared/` sits beside the repository (locally and in CI). */
export const corpusDirectory = corpusUrl('parse/');

/** `test/expectations/parse.json`: `{ "<case id>": "why this case is expected to fail" }`. */
export const expectationsFile = new URL('../expectations/parse.json', import.meta.url);

/**
 * Every case of every `*.jsonl` file in the corpus folder, files in name order, lines in file order.
 * `undefined` when the folder is missing (a checkout without `shared/`).
 * @throws Error naming file and line when a line is not a JSON case (a corpus bug, not model data).
 */
export function loadParseCorpus(directory: URL = corpusDirectory): CorpusCase[] | undefined {
  const path = fileURLToPath(directory);
  if (!existsSync(path)) return undefined;
  const cases: CorpusCase[] = [];
  const files = readdirSync(path)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  for (const name of files) {
    const file = name.slice(0, -'.jsonl'.length);
    const lines = readFileSync(new URL(name, directory), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new Error(`${name}:${index + 1}: not JSON: ${(error as Error).message}`);
      }
      const record = value as Partial<CorpusCase> | null;
      if (
        typeof record !== 'object' ||
        record === null ||
        typeof record.id !== 'string' ||
        typeof record.format !== 'string' ||
        typeof record.input !== 'string' ||
        typeof record.expected !== 'object' ||
        record.expected === null ||
        !Array.isArray(record.tools)
      ) {
        throw new Error(`${name}:${index + 1}: not a corpus case (needs id, format, input, expected, tools)`);
      }
      cases.push({ ...(record as CorpusCase), file });
    });
  }
  return cases;
}

/** The expectations file as a map; `{}` when it is missing. Keys starting with `$` are comments. */
export function loadExpectations(file: URL = expectationsFile): Map<string, string> {
  const path = fileURLToPath(file);
  if (!existsSync(path)) return new Map();
  const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const map = new Map<string, string>();
  for (const [key, reason] of Object.entries(value)) {
    if (key.startsWith('$')) continue;
    map.set(key, typeof reason === 'string' ? reason : JSON.stringify(reason));
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// Options and input

/** The case's options as our parser options (decisions 5 and 6 at the top of this file). */
export function optionsFor(testCase: CorpusCase): FormatOptions {
  const options = testCase.options ?? {};
  const result: {
    tools?: readonly ToolDefinition[];
    reasoningStartedInPrompt?: boolean;
    reasoning?: 'split' | 'content' | 'inline';
    glmShorthand?: boolean;
    allowUnknownTools?: boolean;
    allowInvalidArguments?: boolean;
    content?: ContentMode;
  } = {};
  if (testCase.tools.length > 0) result.tools = testCase.tools;
  if (options.thinking_forced_open === true) result.reasoningStartedInPrompt = true;
  if (options.reasoning_format === 'none') result.reasoning = 'content';
  else if (options.reasoning_format !== undefined) result.reasoning = 'split';
  else if (testCase.id.startsWith('vllm/')) result.reasoning = 'inline';
  if (testCase.id.startsWith('tinyagents/')) {
    result.glmShorthand = true;
    if (options.registry !== undefined) result.allowUnknownTools = true;
  }
  // Decision 6d: the source's content convention, where it is not "as written".
  const content = contentConvention(testCase);
  if (content !== undefined) result.content = content;
  // Decision 6e: vLLM's and SGLang's tool parsers never check arguments against the schema.
  if (result.tools !== undefined && (testCase.id.startsWith('vllm/') || testCase.id.startsWith('sglang/')))
    result.allowInvalidArguments = true;
  return result;
}

/**
 * Decision 6d: the content convention of the parser a case comes from (corpus README sections 5 and
 * 7.2), as our `content` option: vLLM's Apertus, Gemma 4, FunctionGemma and legacy GLM-4.5 parsers and
 * SGLang's Mistral detector strip the text (`trim`); vLLM's GLM-4.7, Jamba and Qwen3 parsers return
 * None for whitespace-only content (`nonblank`); vLLM does so on its non-streaming path only, except
 * for Qwen3. tinyagents returns
 * the narrative of trimmed pieces joined with "\n" (`narrative`); llama.cpp reads structured output
 * (`json_schema`) as JSON, without the Markdown fence around it (`json`). `undefined`: as written.
 */
export function contentConvention(testCase: CorpusCase): ContentMode | undefined {
  const [source, format] = testCase.id.split('/');
  if (source === 'llama.cpp' && testCase.options?.json_schema !== undefined) return 'json';
  if (source === 'tinyagents') return 'narrative';
  if (source === 'sglang' && format === 'mistral') return 'trim';
  if (source !== 'vllm') return undefined;
  // vLLM's Qwen3 XML / Coder parsers return None for whitespace-only content, streaming or not.
  if (format === 'qwen3_coder') return 'nonblank';
  // vLLM's other conventions are those of its non-streaming path; its streaming path sends text as it comes.
  if ((testCase.options?.mode ?? 'nonstreaming') !== 'nonstreaming') return undefined;
  if (format === 'apertus' || format === 'gemma4' || format === 'functiongemma' || format === 'glm45')
    return 'trim';
  if (format === 'glm47' || format === 'jamba') return 'nonblank';
  return undefined;
}

/**
 * The reasoning-open tag that ends a generation prompt, with what follows it: from the last `<` before
 * the last `think` (any case) to the end. `<|im_start|>assistant\n<think>\n` → `<think>\n`,
 * `...<|CHATBOT_TOKEN|><|START_THINKING|>` → `<|START_THINKING|>`, Kimi K3's
 * `...<|open|>think<|sep|>` → `<|open|>think<|sep|>`. `undefined` when the prompt has no such tag.
 */
export function reasoningOpenTag(generationPrompt: string): string | undefined {
  const match = /think/gi;
  let last = -1;
  for (let found = match.exec(generationPrompt); found; found = match.exec(generationPrompt))
    last = found.index;
  if (last < 0) return undefined;
  const start = generationPrompt.lastIndexOf('<', last);
  return start < 0 ? undefined : generationPrompt.slice(start);
}

/** tinyagents entry points that read a JSON value as the body of a tool-call tag (decision 11). */
const tagBodyReaders = new Set(['parse_tool_call_value', 'parse_tool_calls_from_json_value']);

/**
 * The text we feed the parser: the case's input, preceded by the generation prompt's reasoning-open tag
 * when thinking was forced open and `reasoning_format` is `none` (decision 6), or by the prompt's plain
 * text after its last tag when thinking was forced open by a prompt ending in text (decision 6f).
 * `prefix` is what was prepended (`""` usually).
 */
export function preparedInput(testCase: CorpusCase): { readonly text: string; readonly prefix: string } {
  const options = testCase.options ?? {};
  if (options.thinking_forced_open === true && options.reasoning_format === 'none') {
    const tag = reasoningOpenTag(options.generation_prompt ?? '');
    if (tag !== undefined) return { text: tag + testCase.input, prefix: tag };
  }
  if (options.thinking_forced_open === true) {
    // Decision 6f: a forced-open prompt that ends in plain text (Apriel's "Here are my reasoning steps:\n").
    const prompt = options.generation_prompt ?? '';
    const tail = prompt.slice(prompt.lastIndexOf('>') + 1);
    if (tail.trim() !== '' && reasoningOpenTag(prompt) === undefined)
      return { text: tail + testCase.input, prefix: tail };
  }
  if (options.input_kind === 'json_value' && tagBodyReaders.has(String(options.entrypoint))) {
    // Decision 11: the source read this value as a tag body.
    return { text: `<tool_call>${testCase.input}</tool_call>`, prefix: '<tool_call>' };
  }
  return { text: testCase.input, prefix: '' };
}

// ---------------------------------------------------------------------------------------------
// Driving a parser

/** What one run of a format parser produced. */
export interface ParserRun {
  readonly result: ParseResult;
  /** Every event, in order (pushes then finish). */
  readonly events: readonly ParseEvent[];
  /** The parser's dropped structure (`markup` of `BaseFormatParser`), or `undefined` if it has none. */
  readonly markup: readonly string[] | undefined;
  /** The state before `finish()`: what a streaming consumer has seen after the last chunk. */
  readonly prefix: PrefixResult;
  /** Calls announced with `tool-input-start` that neither completed nor failed by `finish()` (a bug). */
  readonly unresolved: readonly string[];
}

/** A streaming prefix state: completed calls followed by announced-but-open calls (decision 7). */
export interface PrefixResult extends ParseResult {
  /** The open calls (they are also the last entries of `toolCalls`) and the argument text streamed so far. */
  readonly openCalls: ReadonlyMap<ToolCall, string>;
}

/** Folds events into a `ParseResult` (the same fold as `EventCollector`, written out to keep order). */
export function foldEvents(format: string, events: readonly ParseEvent[]): PrefixResult {
  let content = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [];
  const open = new Map<string, { name: string; text: string }>();
  for (const event of events) {
    switch (event.type) {
      case 'text-delta':
        content += event.delta;
        break;
      case 'reasoning-delta':
        reasoning += event.delta;
        break;
      case 'tool-input-start':
        open.set(event.id, { name: event.toolName, text: '' });
        break;
      case 'tool-input-delta': {
        const call = open.get(event.id);
        if (call) call.text += event.delta;
        break;
      }
      case 'tool-input-end':
        break;
      case 'tool-call':
        open.delete(event.id);
        toolCalls.push({ id: event.id, name: event.toolName, arguments: event.input, raw: event.raw });
        break;
      case 'tool-call-invalid':
        if (event.id !== undefined) open.delete(event.id);
        invalidToolCalls.push({
          ...(event.id === undefined ? {} : { id: event.id }),
          ...(event.toolName === undefined ? {} : { name: event.toolName }),
          raw: event.raw,
          error: event.error,
          issues: event.issues,
        });
        break;
    }
  }
  const openCalls = new Map<ToolCall, string>();
  for (const [id, { name, text }] of open) {
    const parsed = parseJsonText(text);
    const call: ToolCall = { id, name, arguments: isPlainObject(parsed) ? parsed : {} };
    toolCalls.push(call);
    openCalls.set(call, text);
  }
  return { format, content, reasoning, toolCalls, invalidToolCalls, openCalls };
}

/**
 * Runs `format` over `chunks`: create → push each chunk → finish, collecting every event. Exceptions
 * propagate (the caller reports them: no exception may escape on model data).
 */
export function runParser(
  format: FormatDefinition,
  options: FormatOptions,
  chunks: readonly string[],
): ParserRun {
  const parser = format.create(options);
  const events: ParseEvent[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  const prefix = foldEvents(format.id, events);
  for (const event of parser.finish()) events.push(event);
  const folded = foldEvents(format.id, events);
  // The final result is what `EventCollector` folds: completed and invalid calls only.
  const result: ParseResult = {
    format: folded.format,
    content: folded.content,
    reasoning: folded.reasoning,
    toolCalls: folded.toolCalls.filter((call) => !folded.openCalls.has(call)),
    invalidToolCalls: folded.invalidToolCalls,
  };
  const unresolved = [...folded.openCalls.keys()].map((call) => `${call.name} (${call.id})`);
  const markup = (parser as { markup?: unknown }).markup;
  return {
    result,
    events,
    markup: Array.isArray(markup) ? (markup as string[]).slice() : undefined,
    prefix,
    unresolved,
  };
}

// ---------------------------------------------------------------------------------------------
// Checking a result against a case (README section 2)

const knownCheckValues: Readonly<
  Record<string, readonly unknown[] | 'list' | 'record' | 'number' | 'boolean'>
> = {
  content: ['trimmed', 'rstrip', 'contains', 'startswith', 'startswith_trimmed', 'contains_all', 'unchecked'],
  content_contains: 'list',
  content_not_contains: 'list',
  reasoning: ['trimmed', 'contains'],
  arguments: ['subset', 'unchecked', 'types', 'keys', 'non_empty', 'arguments_text', 'incomplete_ok'],
  argument_types: 'record',
  argument_keys: 'list',
  arguments_by_call: 'list',
  arguments_text_in: 'list',
  arguments_text_contains: 'list',
  names: ['unchecked'],
  tool_calls: ['count_only', 'at_least_one', 'contains', 'if_any', 'unchecked'],
  tool_call_count: 'number',
  name_count: 'record',
  no_error: 'boolean',
};

/**
 * Why `result` does not meet the case's expectation (empty: it does). Implements every `checks` key
 * of the corpus README section 2 with the decisions at the top of this file. For a partial case, pass
 * the prefix state (`ParserRun.prefix`); its open calls are then matched as described in decision 7.
 */
export function checkCase(testCase: CorpusCase, result: ParseResult): string[] {
  const checks = testCase.checks ?? {};
  const reasons: string[] = [];
  for (const [key, value] of Object.entries(checks)) {
    const known = knownCheckValues[key];
    if (known === undefined) reasons.push(`runner: unknown check key "${key}"`);
    else if (Array.isArray(known) && !known.includes(value))
      reasons.push(`runner: unknown value ${show(value)} for check "${key}"`);
  }
  if (checks.no_error === true) return reasons;
  checkContent(testCase, result.content, reasons);
  checkReasoning(testCase, result.reasoning, reasons);
  checkToolCalls(testCase, result, reasons);
  return reasons;
}

function checkContent(testCase: CorpusCase, actual: string, reasons: string[]): void {
  const checks = testCase.checks ?? {};
  const mode = checks.content;
  const raw = testCase.expected.content;
  for (const text of checks.content_not_contains ?? []) {
    if (actual.includes(text)) reasons.push(`content must not contain ${show(text)}; got ${show(actual)}`);
  }
  if (mode === 'unchecked') return;
  if (mode === 'contains_all') {
    for (const text of checks.content_contains ?? []) {
      if (!actual.includes(text)) reasons.push(`content must contain ${show(text)}; got ${show(actual)}`);
    }
    return;
  }
  if (raw === undefined) return; // absent = not checked
  const expected = raw ?? '';
  let ok: boolean;
  switch (mode) {
    case undefined:
      ok = actual === expected;
      break;
    case 'trimmed':
      ok = actual.trim() === expected.trim();
      break;
    case 'rstrip':
      ok = actual.trimEnd() === expected.trimEnd();
      break;
    case 'contains':
      ok = actual.includes(expected);
      break;
    case 'startswith':
      ok = actual.startsWith(expected);
      break;
    case 'startswith_trimmed':
      ok = actual.trim().startsWith(expected.trim());
      break;
  }
  if (!ok) reasons.push(`content (${mode ?? 'exact'}): expected ${show(raw)}, got ${show(actual)}`);
}

function checkReasoning(testCase: CorpusCase, actual: string, reasons: string[]): void {
  const expected = testCase.expected.reasoning;
  if (expected === undefined) return;
  const mode = testCase.checks?.reasoning;
  const ok =
    mode === 'trimmed'
      ? actual.trim() === expected.trim()
      : mode === 'contains'
        ? actual.includes(expected)
        : actual === expected;
  if (!ok) reasons.push(`reasoning (${mode ?? 'exact'}): expected ${show(expected)}, got ${show(actual)}`);
}

type ActualCall = ToolCall | InvalidToolCall;

const isInvalid = (call: ActualCall): call is InvalidToolCall => 'error' in call;

function checkToolCalls(testCase: CorpusCase, result: ParseResult, reasons: string[]): void {
  const checks = testCase.checks ?? {};
  const mode = checks.tool_calls;
  if (mode === 'unchecked') return;
  const expected = testCase.expected.tool_calls ?? [];
  const actual = result.toolCalls;
  const openCalls = (result as Partial<PrefixResult>).openCalls;

  // Checks on each actual call that need no expected call.
  actual.forEach((call, index) => {
    for (const reason of argumentPropertyChecks(checks, call, openCalls?.get(call))) {
      reasons.push(`call ${index} (${call.name}): ${reason}`);
    }
  });

  switch (mode) {
    case 'count_only':
      if (checks.tool_call_count !== undefined && actual.length !== checks.tool_call_count) {
        reasons.push(
          `expected ${checks.tool_call_count} tool call(s), got ${actual.length}: ${showCalls(actual)}`,
        );
      }
      return;
    case 'at_least_one':
      if (actual.length === 0) reasons.push('expected at least one tool call, got none');
      return;
    case 'contains': {
      const used = new Set<number>();
      expected.forEach((call, index) => {
        const found = actual.findIndex(
          (candidate, position) =>
            !used.has(position) &&
            compareCall(testCase, call, candidate, index, openCalls?.get(candidate)).length === 0,
        );
        if (found < 0)
          reasons.push(`expected call ${showExpectedCall(call)} is not among ${showCalls(actual)}`);
        else used.add(found);
      });
      if (checks.tool_call_count !== undefined && actual.length !== checks.tool_call_count) {
        reasons.push(
          `expected ${checks.tool_call_count} tool call(s), got ${actual.length}: ${showCalls(actual)}`,
        );
      }
      for (const [name, count] of Object.entries(checks.name_count ?? {})) {
        const got = actual.filter((call) => call.name === name).length;
        if (got !== count) reasons.push(`expected ${count} call(s) named ${show(name)}, got ${got}`);
      }
      return;
    }
    case 'if_any':
      if (actual.length === 0) return;
      break;
    case undefined:
      break;
  }

  // Exact list: count, order, names, ids, arguments; an invalid call may stand in for a cut-off call.
  const aligned = alignCalls(testCase, expected, actual, result.invalidToolCalls);
  if (aligned.length !== expected.length) {
    const invalid =
      result.invalidToolCalls.length > 0 ? ` (+ ${result.invalidToolCalls.length} invalid)` : '';
    reasons.push(
      `expected ${expected.length} tool call(s) ${showExpectedCalls(expected)}, got ${aligned.length}${invalid}: ${showCalls(aligned)}`,
    );
    return;
  }
  expected.forEach((call, index) => {
    const candidate = aligned[index];
    if (candidate === undefined) return;
    const openText = isInvalid(candidate) ? undefined : openCalls?.get(candidate);
    for (const reason of compareCall(testCase, call, candidate, index, openText)) {
      reasons.push(`call ${index} (${call.name}): ${reason}`);
    }
  });
}

/** Actual calls in expected order: `toolCalls`, with invalid calls standing in for cut-off calls (decision 2). */
function alignCalls(
  testCase: CorpusCase,
  expected: readonly CorpusToolCall[],
  actual: readonly ToolCall[],
  invalid: readonly InvalidToolCall[],
): ActualCall[] {
  const namesChecked = testCase.checks?.names !== 'unchecked';
  const incompleteOk = testCase.checks?.arguments === 'incomplete_ok';
  const aligned: ActualCall[] = [];
  let next = 0;
  let nextInvalid = 0;
  for (const call of expected) {
    const candidate = actual[next];
    const cutOff = call.arguments_text !== undefined && !isJsonText(call.arguments_text) && !incompleteOk;
    if (cutOff && (candidate === undefined || (namesChecked && candidate.name !== call.name))) {
      const stand = invalid[nextInvalid];
      if (stand !== undefined) {
        aligned.push(stand);
        nextInvalid++;
        continue;
      }
    }
    if (candidate === undefined) break;
    aligned.push(candidate);
    next++;
  }
  for (; next < actual.length; next++) aligned.push(actual[next]!);
  return aligned;
}

/** Mismatches between one expected call and one actual call (names, ids, arguments per mode). */
function compareCall(
  testCase: CorpusCase,
  expected: CorpusToolCall,
  actual: ActualCall,
  index: number,
  openText: string | undefined,
): string[] {
  const checks = testCase.checks ?? {};
  const reasons: string[] = [];
  if (isInvalid(actual)) {
    // Only reached for a cut-off expected call (alignCalls): the raw text must hold what the source returned.
    if (
      checks.names !== 'unchecked' &&
      (actual.name ?? '') !== expected.name &&
      !actual.raw.includes(expected.name)
    ) {
      reasons.push(`name: expected ${show(expected.name)}, got invalid call ${show(actual.name)}`);
    }
    if (expected.arguments_text !== undefined && !actual.raw.includes(expected.arguments_text)) {
      reasons.push(
        `invalid call raw ${show(actual.raw)} does not contain the argument text ${show(expected.arguments_text)}`,
      );
    }
    return reasons;
  }
  if (checks.names !== 'unchecked' && actual.name !== expected.name) {
    reasons.push(`name: expected ${show(expected.name)}, got ${show(actual.name)}`);
  }
  if (expected.id !== undefined && actual.id !== expected.id) {
    reasons.push(`id: expected ${show(expected.id)}, got ${show(actual.id)}`);
  }
  const perCall = checks.arguments_by_call?.[index];
  const mode: ArgumentsCheck | 'exact' = perCall ?? checks.arguments ?? 'exact';
  switch (mode) {
    case 'unchecked':
    case 'types':
    case 'keys':
    case 'non_empty':
      break; // property checks run on every actual call (argumentPropertyChecks)
    case 'subset': {
      const difference = firstDifference(expected.arguments, actual.arguments, '', true);
      if (difference !== undefined) reasons.push(`arguments (subset) ${difference}`);
      break;
    }
    case 'incomplete_ok':
    case 'arguments_text':
    case 'exact': {
      const text = expected.arguments_text;
      if (text !== undefined && !isJsonText(text)) {
        if (mode === 'incomplete_ok') break; // the source does not compare incomplete argument text
        const reason = compareCutOffText(text, actual, openText);
        if (reason !== undefined) reasons.push(reason);
        break;
      }
      const want = text !== undefined && mode === 'arguments_text' ? parseJsonText(text) : expected.arguments;
      const difference = firstDifference(want, actual.arguments, '', false);
      if (difference !== undefined) reasons.push(`arguments ${difference}`);
      break;
    }
  }
  return reasons;
}

/** Decision 2: a non-JSON `arguments_text` against a complete or open call of ours. */
function compareCutOffText(text: string, actual: ToolCall, openText: string | undefined): string | undefined {
  const canonical = canonicalJsonPrefix(text);
  if (openText !== undefined) {
    return canonicalJsonPrefix(openText) === canonical
      ? undefined
      : `streamed argument text ${show(openText)} differs from ${show(text)}`;
  }
  const ours = JSON.stringify(actual.arguments);
  return ours.startsWith(canonical)
    ? undefined
    : `arguments ${show(ours)} are not a completion of the cut-off argument text ${show(text)}`;
}

/** `types`, `keys`, `non_empty`, `arguments_text_in`, `arguments_text_contains` on one actual call. */
function argumentPropertyChecks(
  checks: CorpusChecks,
  call: ToolCall,
  openText: string | undefined,
): string[] {
  const reasons: string[] = [];
  const args = call.arguments;
  if (checks.arguments === 'types') {
    for (const [key, type] of Object.entries(checks.argument_types ?? {})) {
      if (!Object.hasOwn(args, key)) reasons.push(`argument ${show(key)} is missing (expected ${type})`);
      else if (!hasJsonType(args[key], type))
        reasons.push(`argument ${show(key)}: expected ${type}, got ${show(args[key])}`);
    }
  }
  if (checks.arguments === 'keys') {
    for (const key of checks.argument_keys ?? []) {
      if (!Object.hasOwn(args, key)) reasons.push(`argument ${show(key)} is missing`);
    }
  }
  if (checks.arguments === 'non_empty' && Object.keys(args).length === 0) {
    reasons.push('arguments must have at least one key, got {}');
  }
  if (checks.arguments_text_in !== undefined) {
    const allowed = checks.arguments_text_in.some((text) => {
      if (text.trim() === '') return Object.keys(args).length === 0;
      return isJsonText(text)
        ? firstDifference(parseJsonText(text), args, '', false) === undefined
        : openText === text;
    });
    if (!allowed) reasons.push(`arguments ${show(args)} are none of ${show(checks.arguments_text_in)}`);
  }
  for (const text of checks.arguments_text_contains ?? []) {
    const haystack = openText ?? JSON.stringify(args);
    if (!haystack.includes(text) && !stringValues(args).some((value) => value.includes(text))) {
      reasons.push(`argument text must contain ${show(text)}; got ${show(haystack)}`);
    }
  }
  return reasons;
}

function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'float':
      return typeof value === 'number' && !Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON helpers

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (isPlainObject(value)) return Object.values(value).flatMap(stringValues);
  return [];
}

const pointer = (path: string, key: string | number): string =>
  `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;

/**
 * Where `actual` differs from `expected` as JSON values (key order and prototypes irrelevant), as a
 * sentence naming the JSON Pointer; `undefined` when equal. With `subset`, keys of `actual` that
 * `expected` does not list are ignored (arrays must still have the same length).
 */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path: string,
  subset: boolean,
): string | undefined {
  const at = path === '' ? '' : ` at ${path}`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `differ${at}: expected ${show(expected)}, got ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `differ${at}: expected ${expected.length} element(s) ${show(expected)}, got ${actual.length} ${show(actual)}`;
    }
    for (let index = 0; index < expected.length; index++) {
      const difference = firstDifference(expected[index], actual[index], pointer(path, index), subset);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return `differ${at}: expected ${show(expected)}, got ${show(actual)}`;
    for (const key of Object.keys(expected)) {
      if (!Object.hasOwn(actual, key))
        return `differ: ${pointer(path, key)} is missing (expected ${show(expected[key])})`;
      const difference = firstDifference(expected[key], actual[key], pointer(path, key), subset);
      if (difference !== undefined) return difference;
    }
    if (!subset) {
      for (const key of Object.keys(actual)) {
        if (!Object.hasOwn(expected, key))
          return `differ: unexpected ${pointer(path, key)} = ${show(actual[key])}`;
      }
    }
    return undefined;
  }
  return expected === actual ? undefined : `differ${at}: expected ${show(expected)}, got ${show(actual)}`;
}

const jsonEscapes: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '"': '"',
  '\\': '\\',
  '/': '/',
};

/**
 * A possibly cut-off JSON text in the form `JSON.stringify` would write its beginning: whitespace
 * outside strings dropped, strings decoded and re-encoded (an unterminated one without its closing
 * quote, a cut escape dropped), complete numbers re-encoded. Other characters are kept as they are.
 */
export function canonicalJsonPrefix(text: string): string {
  const numberPattern = /-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?/y;
  let out = '';
  let position = 0;
  while (position < text.length) {
    const char = text[position]!;
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      position++;
    } else if (char === '"') {
      let decoded = '';
      let index = position + 1;
      let closed = false;
      while (index < text.length) {
        const current = text[index]!;
        if (current === '"') {
          closed = true;
          index++;
          break;
        }
        if (current !== '\\') {
          decoded += current;
          index++;
          continue;
        }
        const escaped = text[index + 1];
        if (escaped === undefined) {
          index = text.length; // a cut escaped
          break;
        }
        if (escaped === 'u') {
          const hex = text.slice(index + 2, index + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            index = text.length;
            break;
          }
          decoded += String.fromCharCode(Number.parseInt(hex, 16));
          index += 6;
          continue;
        }
        decoded += jsonEscapes[escaped] ?? escaped;
        index += 2;
      }
      const encoded = JSON.stringify(decoded);
      out += closed ? encoded : encoded.slice(0, -1);
      position = index;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      numberPattern.lastIndex = position;
      const match = numberPattern.exec(text)![0];
      const end = position + match.length;
      const number = Number(match);
      out += end < text.length && Number.isFinite(number) && match !== '-' ? JSON.stringify(number) : match;
      position = end;
    } else {
      out += char;
      position++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Chunkings

/** One way to cut the input into chunks. `boundaries` are the UTF-16 offsets where chunks start (0 excluded). */
export interface Split {
  readonly label: string;
  readonly chunks: readonly string[];
  readonly boundaries: readonly number[];
}

/** Inputs longer than this get at most `maxTwoWaySplits` evenly spaced 2-way split points. */
export const twoWayLimit = 2000;
export const maxTwoWaySplits = 200;
export const randomChunkings = 5;

/** xorshift32; deterministic, never `Math.random`. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

function chunksAt(input: string, boundaries: readonly number[]): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (const boundary of boundaries) {
    chunks.push(input.slice(start, boundary));
    start = boundary;
  }
  chunks.push(input.slice(start));
  return chunks;
}

/**
 * The chunkings every case is streamed with:
 * - every 2-way split (each UTF-16 offset, so inside surrogate pairs and inside every multi-char
 *   marker); for inputs over 2,000 code units only 200 evenly spaced points (all 2-way splits of an
 *   n-unit input cost n whole parses, quadratic);
 * - one code unit per chunk;
 * - 5 pseudo-random chunkings (xorshift32 seeded 1..5 mixed with the length, chunk sizes 1..16);
 * - `sourceChunks` when given (the exact deltas the source fed).
 */
export function splits(input: string, sourceChunks?: readonly string[]): Split[] {
  const result: Split[] = [];
  const n = input.length;
  if (n > twoWayLimit) {
    const seen = new Set<number>();
    for (let k = 1; k <= maxTwoWaySplits; k++) {
      const point = Math.round((k * n) / (maxTwoWaySplits + 1));
      if (point <= 0 || point >= n || seen.has(point)) continue;
      seen.add(point);
      result.push({
        label: `2-way split at ${point}`,
        chunks: chunksAt(input, [point]),
        boundaries: [point],
      });
    }
  } else {
    for (let point = 1; point < n; point++) {
      result.push({
        label: `2-way split at ${point}`,
        chunks: chunksAt(input, [point]),
        boundaries: [point],
      });
    }
  }
  if (n > 1) {
    const all = Array.from({ length: n - 1 }, (_, index) => index + 1);
    result.push({ label: 'one code unit per chunk', chunks: chunksAt(input, all), boundaries: all });
  }
  for (let seed = 1; seed <= randomChunkings; seed++) {
    const next = xorshift(Math.imul(seed, 0x9e3779b1) ^ n);
    const boundaries: number[] = [];
    for (let position = 1 + (next() % 16); position < n; position += 1 + (next() % 16))
      boundaries.push(position);
    result.push({
      label: `random chunks (seed ${seed}, sizes 1..16)`,
      chunks: chunksAt(input, boundaries),
      boundaries,
    });
  }
  if (sourceChunks !== undefined && sourceChunks.length > 1 && sourceChunks.join('') === input) {
    const boundaries: number[] = [];
    let offset = 0;
    for (const chunk of sourceChunks.slice(0, -1)) {
      offset += chunk.length;
      boundaries.push(offset);
    }
    result.push({ label: "the source's own chunks", chunks: sourceChunks, boundaries });
  }
  return result;
}

/** Why a streamed run differs from the whole-text run (empty: equal, markup text included). */
export function compareRuns(whole: ParserRun, streamed: ParserRun): string[] {
  const reasons: string[] = [];
  const fields = ['content', 'reasoning', 'toolCalls', 'invalidToolCalls'] as const;
  for (const field of fields) {
    const difference = strictDifference(whole.result[field], streamed.result[field], '');
    if (difference !== undefined) reasons.push(`${field} ${difference}`);
  }
  const wholeMarkup = whole.markup?.join('') ?? '';
  const streamedMarkup = streamed.markup?.join('') ?? '';
  if (wholeMarkup !== streamedMarkup)
    reasons.push(`markup: whole text ${show(wholeMarkup)}, streamed ${show(streamedMarkup)}`);
  return reasons;
}

/** Like `firstDifference` but exact (no subset), also distinguishing `undefined` from a missing key. */
function strictDifference(expected: unknown, actual: unknown, path: string): string | undefined {
  const at = path === '' ? '' : ` at ${path}`;
  if (Array.isArray(expected) || isPlainObject(expected)) {
    if (
      Array.isArray(expected) !== Array.isArray(actual) ||
      !(Array.isArray(actual) || isPlainObject(actual))
    ) {
      return `differ${at}: whole text ${show(expected)}, streamed ${show(actual)}`;
    }
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = Object.keys(e);
    const otherKeys = Object.keys(a);
    if (keys.length !== otherKeys.length || keys.some((key, index) => otherKeys[index] !== key)) {
      return `differ${at}: whole text ${show(expected)}, streamed ${show(actual)}`;
    }
    for (const key of keys) {
      const difference = strictDifference(e[key], a[key], pointer(path, key));
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(expected, actual)
    ? undefined
    : `differ${at}: whole text ${show(expected)}, streamed ${show(actual)}`;
}

// ---------------------------------------------------------------------------------------------
// One case, end to end

export type CaseStatus = 'pass' | 'fail' | 'expected-failure';

export interface SplitFailure {
  readonly label: string;
  readonly boundaries: readonly number[];
  readonly reasons: readonly string[];
}

export interface CaseOutcome {
  readonly testCase: CorpusCase;
  readonly formatId: string;
  /** The text fed to the parser (the input, maybe with a reasoning-open tag prepended). */
  readonly text: string;
  readonly prefix: string;
  readonly options: FormatOptions;
  readonly partial: boolean;
  /** The whole-text run (absent when it threw). */
  readonly run?: ParserRun;
  /** Whole-text mismatches (checked on the prefix state for partial cases). */
  readonly mismatches: readonly string[];
  readonly lost: readonly string[];
  readonly splitFailures: readonly SplitFailure[];
  readonly splitCount: number;
  /** An exception that escaped the parser (whole text or a split), with where it happened. */
  readonly thrown?: string;
  /** The reason from `test/expectations/parse.json`, when the case is listed there. */
  readonly expectedFailure?: string;
  readonly status: CaseStatus;
  /** Why the case's test fails (empty when `status` is not `fail`). */
  readonly problems: readonly string[];
}

export interface EvaluateOptions {
  /** Run the chunkings (default true). */
  readonly splits?: boolean;
  /** Keep at most this many split failures per case (default 5). */
  readonly maxSplitFailures?: number;
}

const describeError = (error: unknown): string =>
  error instanceof Error
    ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split('\n').slice(1, 4).join('\n')}` : ''}`
    : String(error);

/** Runs one case with `format`: whole text, nothing lost, every chunking; never throws on parser errors. */
export function evaluateCase(
  testCase: CorpusCase,
  format: FormatDefinition,
  expectedFailure: string | undefined,
  evaluate: EvaluateOptions = {},
): CaseOutcome {
  const { text, prefix } = preparedInput(testCase);
  const options = optionsFor(testCase);
  const partial = testCase.options?.partial === true;
  let run: ParserRun | undefined;
  let thrown: string | undefined;
  let mismatches: string[] = [];
  let lost: string[] = [];
  try {
    run = runParser(format, options, [text]);
  } catch (error) {
    thrown = `whole-text parse threw ${describeError(error)}`;
  }
  if (run) {
    mismatches = checkCase(testCase, partial ? run.prefix : run.result);
    // A content convention drops whitespace (decision 6d): what is lost is checked on a verbatim run.
    // The exact check (issue 15): every output piece's span in the input, tiling it in order.
    lost = spanProblems(text, runWithSpans(format, { ...options, content: 'verbatim' }, [text]), format);
  }
  const splitFailures: SplitFailure[] = [];
  let splitCount = 0;
  if (run && evaluate.splits !== false) {
    const limit = evaluate.maxSplitFailures ?? 5;
    let failed = 0;
    const sourceChunks = testCase.options?.chunks;
    const chunks =
      sourceChunks && prefix !== ''
        ? [prefix + (sourceChunks[0] ?? ''), ...sourceChunks.slice(1)]
        : sourceChunks;
    for (const split of splits(text, chunks)) {
      splitCount++;
      let reasons: string[];
      try {
        reasons = compareRuns(run, runParser(format, options, split.chunks));
      } catch (error) {
        reasons = [`threw ${describeError(error)}`];
        thrown ??= `${split.label} threw ${describeError(error)}`;
      }
      if (reasons.length === 0) continue;
      failed++;
      if (splitFailures.length < limit)
        splitFailures.push({ label: split.label, boundaries: split.boundaries, reasons });
    }
    if (failed > splitFailures.length) {
      splitFailures.push({
        label: `... and ${failed - splitFailures.length} more failing chunking(s)`,
        boundaries: [],
        reasons: [],
      });
    }
  }
  const problems: string[] = [];
  if (thrown !== undefined) problems.push(`exception: ${thrown}`);
  for (const call of run?.unresolved ?? [])
    problems.push(`tool-input-start of ${call} never ended in tool-call or tool-call-invalid`);
  for (const reason of lost) problems.push(`nothing-lost: ${reason}`);
  for (const failure of splitFailures) {
    const where =
      failure.boundaries.length > 0 ? ` (chunk boundaries ${showBoundaries(failure.boundaries)})` : '';
    problems.push(
      `streaming differs, ${failure.label}${where}${failure.reasons.map((reason) => `\n    ${reason}`).join('')}`,
    );
  }
  let status: CaseStatus;
  if (expectedFailure !== undefined) {
    if (run && mismatches.length === 0) {
      problems.push(
        `listed in test/expectations/parse.json (${show(expectedFailure)}) but the whole-text check passes now: remove the entry`,
      );
    }
    status = problems.length > 0 ? 'fail' : 'expected-failure';
  } else {
    for (const reason of mismatches) problems.push(`whole text: ${reason}`);
    status = problems.length > 0 ? 'fail' : 'pass';
  }
  return {
    testCase,
    formatId: format.id,
    text,
    prefix,
    options,
    partial,
    ...(run ? { run } : {}),
    mismatches,
    lost,
    splitFailures,
    splitCount,
    ...(thrown !== undefined ? { thrown } : {}),
    ...(expectedFailure !== undefined ? { expectedFailure } : {}),
    status,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------
// Display helpers

/** JSON of a value, cut to `limit` characters. */
export function show(value: unknown, limit = 160): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > limit ? `${text.slice(0, limit)}…(${text.length} chars)` : text;
}

function showBoundaries(boundaries: readonly number[]): string {
  return boundaries.length > 12
    ? `${boundaries.slice(0, 12).join(', ')}, … (${boundaries.length} in all)`
    : boundaries.join(', ');
}

function showExpectedCall(call: CorpusToolCall): string {
  return `${call.name}(${show(call.arguments_text ?? call.arguments, 80)})`;
}

function showExpectedCalls(calls: readonly CorpusToolCall[]): string {
  return `[${calls.map(showExpectedCall).join(', ')}]`;
}

function showCalls(calls: readonly ActualCall[]): string {
  return `[${calls
    .map((call) =>
      isInvalid(call)
        ? `invalid ${call.name ?? '?'}(${show(call.raw, 60)}: ${call.error})`
        : `${call.name}(${show(call.arguments, 80)})`,
    )
    .join(', ')}]`;
}
