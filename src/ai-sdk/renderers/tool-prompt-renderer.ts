import type { ToolDefinition } from '../../types/tool.js';

/** One earlier call of the assistant, as the renderers see it. */
export interface RenderedCall {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
  /** Its position among all calls of the conversation, from 0 (Command R7B numbers its calls so). */
  readonly index: number;
}

/** One tool result, its output already as text. */
export interface RenderedResult {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  /** The `index` of the call it answers; -1 when no earlier call has its id. */
  readonly callIndex: number;
}

/**
 * How one format's models expect tools, calls and results in the prompt: the parts of the model's own
 * chat template that are about tools, as data. The chat template of the serving engine still wraps
 * every message in its role markers; the middleware hands it plain text only (no `tools`, no
 * `tool_calls`), so these pieces must be what the template would have printed inside the messages.
 *
 * - `placement`: where the tool section goes. `system`: appended to the first system message (a new
 *   one when there is none); `own-system`: a system message of its own before everything (GLM prints
 *   its tools as a separate `<|system|>` block); `first-user` / `last-user`: before the text of that
 *   user message (Llama 3.1 JSON; Mistral's `[AVAILABLE_TOOLS]` before the last `[INST]`).
 * - `section(tools)`: the tool section's text; `join(section, text)`: the section placed into the
 *   text already there (`undefined` when the placement creates a message).
 * - `call(call)`: one earlier call as the model writes it; `assistant(text, calls)`: the turn's text
 *   with its rendered calls.
 * - `results`: `'tool'` keeps tool messages (their output as text) for the engine's template to wrap
 *   (Llama's `ipython`, GLM's `<|observation|>`); a function renders the results of one tool message
 *   as the text of a user message (Hermes' `<tool_response>`), for templates that print them so.
 * - `resultsRole`: `assistant` appends that text to the assistant turn before it (Gemma 4 prints a
 *   call's response inside the model turn, after the call); `system` makes it a system message
 *   (Command R7B's results are a system turn); `tool` keeps the tool message and makes each result's
 *   output that text (Hunyuan-A13B's template prints a tool message's content inside its own tags
 *   only when tools are given, so the tags are written here); default `user`.
 */
export interface ToolPromptRenderer {
  readonly placement: 'system' | 'own-system' | 'first-user' | 'last-user';
  section(tools: readonly ToolDefinition[]): string;
  join(section: string, text: string | undefined): string;
  call(call: RenderedCall): string;
  assistant(text: string, calls: readonly string[]): string;
  readonly results: 'tool' | ((results: readonly RenderedResult[]) => string);
  readonly resultsRole?: 'user' | 'assistant' | 'system' | 'tool';
}
