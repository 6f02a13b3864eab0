import { patternGrammar } from '../../grammar/index.js';
import type { ToolDefinition } from '../../types/index.js';
import { badField } from '../http/gateway-error.js';

/**
 * A Responses `custom` tool (freeform text input) as the core sees it: a function tool with one
 * string argument, `input`, which holds the raw text. The model is shown that one-argument tool, its
 * call's `input` is returned as the `custom_tool_call`'s raw `input`, and `custom_tool_call` items in
 * the history are rendered as calls with `{"input": TEXT}`.
 *
 * A `format` of `{type: "grammar", syntax: "regex"}` becomes the argument's JSON Schema `pattern`
 * (anchored at both ends, as OpenAI matches the whole input), and the tool is `strict`: where the
 * backend samples under grammars the input is constrained to the pattern (in formats that write the
 * argument as JSON; a format that writes it as raw text cannot constrain it, and the grammar's notice
 * says so), and a call whose input does not match is returned as text, never as a call. A regex the grammar layer cannot express, and every `lark`
 * grammar (no Lark-to-grammar translation exists in the core), is not enforced: its definition is
 * appended to the tool's description for the model to follow, and a notice says so.
 */
export interface CustomTool {
  readonly definition: ToolDefinition;
  /** Whether the input is checked against a pattern (the tool counts as `strict`). */
  readonly strict: boolean;
}

/** The argument a custom tool's raw text travels in. */
const INPUT = 'input';

/**
 * Reads one `{type: "custom", name, description?, format?}` entry of `tools`.
 *
 * @throws {GatewayError} 400 naming `param` for a malformed `format` or a regex that does not compile.
 */
export function readCustomTool(
  entry: Record<string, unknown>,
  name: string,
  param: string,
  notice: (message: string) => void,
): CustomTool {
  const description = typeof entry.description === 'string' ? entry.description : undefined;
  const input: Record<string, unknown> = { type: 'string' };
  const format = entry.format;
  let note: string | undefined;
  let strict = false;
  if (format !== undefined && format !== null) {
    const spec = format as Record<string, unknown>;
    if (
      typeof format !== 'object' ||
      Array.isArray(format) ||
      (spec.type !== 'text' && spec.type !== 'grammar')
    ) {
      throw badField(
        `${param}.format`,
        `${param}.format must be {"type": "text"} or {"type": "grammar", ...}`,
      );
    }
    if (spec.type === 'grammar') {
      const { syntax, definition } = spec;
      if ((syntax !== 'lark' && syntax !== 'regex') || typeof definition !== 'string' || definition === '') {
        throw badField(
          `${param}.format`,
          `${param}.format must have "syntax" "lark" or "regex" and a non-empty "definition"`,
        );
      }
      if (syntax === 'regex' && !compiles(definition)) {
        throw badField(
          `${param}.format.definition`,
          `${param}.format.definition is not a valid regular expression`,
        );
      }
      const pattern = `^(?:${withoutEdgeAnchors(definition)})$`;
      if (syntax === 'regex' && validPattern(pattern)) {
        input.pattern = pattern;
        strict = true;
      } else {
        note = `The input must match this ${syntax === 'lark' ? 'Lark grammar' : 'regular expression'}:\n${definition}`;
        notice(
          `custom tool "${name}": its ${syntax} grammar is not enforced; the model is given it in the tool description`,
        );
      }
    }
  }
  const text = [description, note].filter((part) => part !== undefined && part !== '').join('\n\n');
  return {
    definition: {
      name,
      ...(text === '' ? {} : { description: text }),
      parameters: {
        type: 'object',
        properties: { [INPUT]: input },
        required: [INPUT],
        additionalProperties: false,
      } as ToolDefinition['parameters'],
    },
    strict,
  };
}

/**
 * A regex definition without a leading `^` and a trailing unescaped `$`: the input must match whole
 * either way (the definition is wrapped in `^(?:…)$`), and a pattern grammar takes no anchor inside.
 * Tool definitions are usually written anchored (`^[0-9]+$`).
 */
export function withoutEdgeAnchors(definition: string): string {
  const start = definition.startsWith('^') ? 1 : 0;
  let end = definition.length;
  if (end > start && definition.endsWith('$')) {
    let backslashes = 0;
    while (end - 2 - backslashes >= start && definition[end - 2 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) end--;
  }
  return definition.slice(start, end);
}

/**
 * Whether a regex definition compiles at all. Read without the `u` flag, the most permissive JavaScript
 * reading, so that a definition in OpenAI's (Rust) regex syntax, which allows escapes such as `\-` that
 * `u` refuses, is not refused here; one that compiles but the grammar layer cannot express is the
 * "not enforced" case instead.
 */
function compiles(definition: string): boolean {
  try {
    new RegExp(definition);
    return true;
  } catch {
    return false;
  }
}

/** A pattern the grammar layer can express (so constraining is real, not a silent no-op). */
function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return patternGrammar(pattern).ok;
}

/**
 * The raw input of a custom tool call from the call's JSON arguments: the `input` string; when the
 * model put the text under another single name, that string; otherwise the arguments text itself.
 */
export function customToolInput(args: string): string {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return args;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return args;
  const record = value as Record<string, unknown>;
  if (typeof record[INPUT] === 'string') return record[INPUT];
  const values = Object.values(record);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : args;
}

/** A custom tool call's raw input as the JSON arguments of the core's function call. */
export function customCallArguments(input: string): string {
  return JSON.stringify({ [INPUT]: input });
}
