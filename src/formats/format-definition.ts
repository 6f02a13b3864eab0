import type { EnvelopeSpec } from '../grammar/envelope/envelope-spec.js';
import type { SchemaAlignment } from '../schema/schema-alignment.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { ToolDefinition } from '../types/tool.js';
import type { ContentMode } from './content-mode.js';

/**
 * Options shared by every format parser.
 *
 * - `tools`: the tools offered to the model. When given, raw parameter text of XML-style formats is typed
 *   by each parameter's JSON Schema, and a call to a name not in the list becomes an `InvalidToolCall`
 *   with code `unknown_tool`. When absent, names are not checked and raw values stay strings.
 * - `allowUnknownTools`: with `tools` given, a call to a name not in the list is still a call (its
 *   arguments decoded without a schema) carrying a non-fatal issue `unknown_tool`, instead of an
 *   `InvalidToolCall`: for tool lists that only type the tools they know (a P-Format registry, tools
 *   added at run time). Default `false`.
 * - `reasoningStartedInPrompt`: the chat template already opened the reasoning block in the prompt (for
 *   example the generation prompt ends with `<think>\n`), so the output starts inside reasoning.
 *   Default `false`.
 * - `reasoning`: `"split"` (default) routes reasoning blocks to `reasoning`; `"content"` does not look
 *   for them at all: their text, tags included, is content and a call written inside one is a call
 *   (llama.cpp's `reasoning_format: none`); `"inline"` recognizes them as `"split"` does (a call
 *   inside one is not a call, unless the format's source says so, as Kimi K2 Thinking's) but keeps
 *   their text and tags in `content`, in place (what vLLM's tool parsers return when no reasoning
 *   parser runs).
 * - `inputEvents`: emit `tool-input-start` / `tool-input-delta` / `tool-input-end` before each
 *   `tool-call`. Default `true`; whole-text parsing turns them off, as nothing reads them there.
 * - `glmShorthand`: read the GLM line shorthand `name/key>value` (and `name/{json}`) as calls on lines
 *   of prose and in a tag left open at the end (format `tagged`; tinyagents/OpenHuman, see
 *   `../shared/docs/openhuman.md` §1a). Default `false`: ordinary prose can look like it. A closed tag
 *   body that holds nothing else is read as GLM shorthand without it.
 * - `allowInvalidArguments`: with `tools` given, a call whose arguments decode to an object that does
 *   not fit the tool's schema (a required argument missing, a required value that cannot be coerced)
 *   is still a call: its arguments as aligned so far (values that could not be coerced kept as the
 *   model wrote them) and every problem, with its JSON Pointer path, in the call's `issues`. For
 *   callers that validate or repair arguments themselves, as vLLM, SGLang and LangChain leave them
 *   (none of them checks arguments against the schema). Arguments that are not JSON, not an object,
 *   or nested too deep still make an `InvalidToolCall`. Default `false`.
 * - `content`: what happens to the text outside calls and reasoning. `"verbatim"` (default): exactly
 *   as written. `"nonblank"`: as written, but whitespace-only content is `""` (vLLM's Jamba and GLM-4.7
 *   parsers return None there). `"trim"`: leading and trailing whitespace of the whole content removed,
 *   `content.trim()` (vLLM's Apertus, Gemma 4, FunctionGemma and GLM-4.5 parsers, SGLang's Mistral
 *   detector). `"narrative"`: every piece of text between two calls trimmed, empty pieces dropped, the
 *   rest joined with `"\n"` (tinyagents/OpenHuman's narrative). `"json"`: as `"trim"`, and a Markdown
 *   code fence around the content (an opening line of three backticks with an optional language tag, a
 *   closing line of three backticks) is dropped: for structured output (`response_format`), which models
 *   often wrap in a fence (llama.cpp unwraps it when a JSON schema is set). Whitespace is what
 *   `String.prototype.trim` removes. Streaming holds back only what may still be dropped (whitespace;
 *   for `"json"` also backticks and the first line while it may be a fence opener). These modes drop
 *   whitespace and fence lines (the one exception to "nothing lost"); `markup` and raw texts are
 *   unchanged.
 * - `strictFormat`: every call whose text needed a repair to be read (JSON repaired, a format glitch
 *   recovered, an end marker missing: see `ToolCall.repairs`) is an `InvalidToolCall` instead, code
 *   `format_not_followed`, its `repairs` kept: for graders and RL rewards that score format adherence.
 *   Default `false` (repaired calls are calls, their `repairs` say what was fixed).
 * - `finishReason`: why the model stopped, as the server reported it (OpenAI `finish_reason`), known
 *   when the parser is created. `"stop"`: the output is complete, so a call at its end that lacks only
 *   its end marker and closing brackets (`}`, `]`, `)`) is a complete call, with `missing_end_marker`
 *   and `missing_closing_bracket` repairs. `"length"`: the output was cut at the token limit, so a call
 *   at its end that lacks its end marker is cut off: an `InvalidToolCall` (`incomplete_tool_call`), even
 *   when its arguments happen to be complete. Unset (default): today's rule, a call whose arguments are
 *   complete is a call (`missing_end_marker` said), one whose arguments are cut is invalid.
 * - `applyDefaults`: with `tools` given, a property the model left out takes its schema `default`
 *   (flag `default_filled`). Default `false`: the model did not say it, so parsing does not invent it;
 *   dispatch (`toolwire/tools`) applies defaults for handlers.
 * - `align`: the schema alignment that types and checks arguments by the tools' schemas
 *   (`schemaAlignment` from `toolwire/schema` or `toolwire/formats`). `parseToolCalls`,
 *   `parseToolCallChunks`, `createToolCallStream`, `auto` and the definitions `getFormat` and
 *   `listFormats` return use it when it is not given. A definition imported by name (`hermes`, ...) and
 *   `parseWith` use only what is given here, so a bundle without it carries no alignment: with `tools`
 *   but no `align`, tools are used for what reading needs (names checked: `unknown_tool`; parameter
 *   names and order for positional arguments) and every argument value is read as it is without tools
 *   (not typed, coerced or checked by the schema: no `flags`, no `default`, a missing required argument
 *   not an issue).
 */
export interface FormatOptions {
  readonly tools?: readonly ToolDefinition[];
  readonly reasoningStartedInPrompt?: boolean;
  readonly reasoning?: 'split' | 'content' | 'inline';
  readonly inputEvents?: boolean;
  readonly glmShorthand?: boolean;
  readonly allowUnknownTools?: boolean;
  readonly allowInvalidArguments?: boolean;
  readonly content?: ContentMode;
  readonly strictFormat?: boolean;
  readonly finishReason?: 'stop' | 'length';
  readonly applyDefaults?: boolean;
  readonly align?: SchemaAlignment;
}

/**
 * Incremental parser for one assistant turn. Create one per turn with `FormatDefinition.create`.
 *
 * `push(chunk)` feeds one decoded text delta (any size, may split markers and surrogate pairs) and
 * returns the events it committed, in order. `finish()` ends the turn: held-back text is released,
 * an open call becomes `tool-call-invalid` (or a call, if it is complete but for its closing markers).
 * Neither throws on model text. Work per `push` is proportional to the chunk plus a held-back marker prefix.
 * `reset()` clears all state and returns the text that was buffered but not yet committed.
 */
export interface FormatParser {
  push(chunk: string): ParseEvent[];
  finish(): ParseEvent[];
  reset(): string;
}

/**
 * One tool-call text format, keyed by the id vLLM / SGLang / llama.cpp use for it.
 *
 * - `models`: model names (as on their model cards) that emit this format; used by `detectFormat`.
 *   Each entry is a case-insensitive substring of a model name, e.g. `"qwen3-coder"`.
 * - `markers`: every structural marker the format writes (start and end of calls, sections, reasoning);
 *   used for marker-based detection and by the "nothing lost" check.
 * - `example`: one literal model output with a call, used in docs and `toolwire formats`.
 * - `envelope`: the grammar of the format's own markers around the argument grammars (see
 *   `EnvelopeSpec`); read by `grammarFor`, `structuralTagFor` and `renderToolCalls`.
 */
export interface FormatDefinition {
  readonly id: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly models: readonly string[];
  readonly markers: readonly string[];
  readonly example: string;
  readonly envelope?: EnvelopeSpec;
  create(options?: FormatOptions): FormatParser;
}

/** Whether `value` is a format definition: an object with a string `id` and a `create` function. */
export function isFormatDefinition(value: unknown): value is FormatDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<FormatDefinition>).id === 'string' &&
    typeof (value as Partial<FormatDefinition>).create === 'function'
  );
}
