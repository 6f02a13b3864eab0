import type { ToolChoice } from '../../providers/index.js';
import type { Message, ToolDefinition } from '../../types/index.js';

/**
 * Where a model's chat template comes from (`models[].template` in the config file):
 * - `{ jinja: FILE }`: a Jinja chat template file (as in a model repository's `chat_template.jinja`);
 * - `{ tokenizerConfig: FILE }`: a `tokenizer_config.json` (its `chat_template`, a string or the list of
 *   named templates, where `tool_use` is preferred when tools are given; its `bos_token` / `eos_token`);
 * - `{ builtin: ID }`: one of toolwire's built-in templates (`promptTemplates` of `toolwire/ai-sdk`,
 *   e.g. `qwen3-coder`, `glm-4.7`, `gpt-oss`).
 * File paths are read at start (relative to the config file's folder); the text is kept.
 */
export type TemplateSource =
  | { readonly jinja: string }
  | { readonly tokenizerConfig: string }
  | { readonly builtin: string };

/** What one rendering reads: the repaired conversation, the offered tools and the tool choice. */
export interface RenderInput {
  readonly messages: readonly Message[];
  readonly tools: readonly ToolDefinition[];
  readonly toolChoice: ToolChoice;
  /** Reasoning switch for templates that read one (`enable_thinking`, `reasoning_effort`); absent: the template's default. */
  readonly reasoning?: { readonly enabled: boolean; readonly effort?: 'low' | 'medium' | 'high' };
  /** The date for templates that print today's date; default: now. */
  readonly date?: Date;
}

/**
 * A loaded chat template: `render` writes the whole prompt for a raw-text backend, generation prompt
 * included. Throws `TemplateError` when the template itself fails (a Jinja `raise_exception`, a syntax
 * error found at load time is thrown by the loader instead).
 */
export interface PromptRenderer {
  /** `jinja`, `tokenizer_config` or `builtin:<id>`, for logs and `/v1/models`. */
  readonly source: string;
  /** `false` when the template has no reasoning switch: `input.reasoning` is not read. */
  readonly reasoningSwitch?: boolean;
  render(input: RenderInput): string;
}

/** A chat template that cannot be loaded or rendered; the gateway answers 500 (or fails at start). */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/**
 * A chat template that refused the conversation it was given (its own `raise_exception`: "roles must
 * alternate", "system message not supported"): the request's fault, not the template's, so the
 * gateway answers 400 `template_refused`.
 */
export class TemplateRefusal extends TemplateError {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRefusal';
  }
}
