import type { SpecialTokens } from './chat-template-context.js';
import { rendersTools } from './chat-template-context.js';
import { parseJinjaChatTemplate } from './jinja-template.js';
import { type PromptRenderer, TemplateError } from './prompt-renderer.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A special token as `tokenizer_config.json` writes it: a string, or an `AddedToken` object's `content`. */
function specialToken(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.content === 'string') return value.content;
  return undefined;
}

/** The named templates of `chat_template`: one string is `default`; a list is `[{name, template}]`. */
function namedTemplates(value: unknown, file: string): Map<string, string> {
  if (typeof value === 'string') return new Map([['default', value]]);
  const templates = new Map<string, string>();
  if (Array.isArray(value))
    for (const entry of value)
      if (isRecord(entry) && typeof entry.name === 'string' && typeof entry.template === 'string')
        templates.set(entry.name, entry.template);
      else throw new TemplateError(`${file}: each chat_template entry must be {"name", "template"} strings`);
  else throw new TemplateError(`${file}: no chat_template (a string or a list of named templates)`);
  if (!templates.has('default'))
    throw new TemplateError(
      `${file}: chat_template lists no "default" template (names: ${[...templates.keys()].join(', ')})`,
    );
  return templates;
}

/**
 * A prompt renderer for the text of a `tokenizer_config.json` (transformers' file): `chat_template` is a
 * Jinja string, or a list of `{name, template}` where `tool_use` renders when tools are rendered (given,
 * and `toolChoice` not `none`) and `default` otherwise, as transformers and llama.cpp choose; `bos_token` /
 * `eos_token` are strings or `{content}` objects. Every template is parsed here. `file` names it in errors.
 * Source `tokenizer_config`. Throws `TemplateError` for invalid JSON, a missing or malformed
 * `chat_template`, a list without `default`, or a template that does not parse.
 */
export function promptRendererFromTokenizerConfig(text: string, file: string): PromptRenderer {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new TemplateError(`${file}: not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isRecord(config)) throw new TemplateError(`${file}: not a JSON object`);
  const templates = namedTemplates(config.chat_template, file);
  const bosToken = specialToken(config.bos_token);
  const eosToken = specialToken(config.eos_token);
  const tokens: SpecialTokens = {
    ...(bosToken === undefined ? {} : { bosToken }),
    ...(eosToken === undefined ? {} : { eosToken }),
  };
  const parsed = new Map(
    [...templates].map(([name, template]) => [
      name,
      parseJinjaChatTemplate(template, `${file} chat_template "${name}"`),
    ]),
  );
  const fallback = parsed.get('default')!;
  const toolUse = parsed.get('tool_use');
  return {
    source: 'tokenizer_config',
    render: (input) =>
      (toolUse !== undefined && rendersTools(input) ? toolUse : fallback).render(input, tokens),
  };
}
