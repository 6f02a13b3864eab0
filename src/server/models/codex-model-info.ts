import type { ResolvedModel } from '../core/run-turn.js';

/**
 * A model as Codex CLI's model metadata (its `ModelInfo`, the entries of the `models` list it decodes
 * from `GET {base_url}/models?client_version=X`; codex-rs `protocol/src/openai_models.rs`). Codex asks
 * for it only for providers configured with `auth.command` (or a ChatGPT login), and refuses the whole
 * list when a field it requires is missing, so every required one is here:
 * - `slug`, `display_name`: the model's name; `priority`: its place in the config;
 * - `shell_type: "unified_exec"`: Codex's `exec_command` / `write_stdin` tools, plain function tools
 *   every format writes; `apply_patch_tool_type: null`: no patch tool of a special kind;
 * - `input_modalities: ["text"]`: the gateway renders text only;
 * - `context_window`: the configured `contextLength`, when there is one;
 * - `supported_reasoning_levels: []`, `supports_reasoning_summaries: false`, `support_verbosity: false`:
 *   the model's own reasoning is passed through as it comes, no effort levels or summaries are offered;
 * - `truncation_policy`: tool outputs cut at 10000 bytes (Codex's default for unknown models);
 * - `base_instructions: ""`: the gateway has no instructions of its own. Codex uses this text as the
 *   model's base instructions in place of its built-in ones (docs/serve.md says what that means).
 */
export function codexModelInfo(model: ResolvedModel, priority: number): Record<string, unknown> {
  return {
    slug: model.name,
    display_name: model.name,
    description: `${model.format} tool calls through toolwire`,
    supported_reasoning_levels: [],
    shell_type: 'unified_exec',
    visibility: 'list',
    supported_in_api: true,
    priority,
    upgrade: null,
    base_instructions: '',
    supports_reasoning_summaries: false,
    support_verbosity: false,
    default_verbosity: null,
    apply_patch_tool_type: null,
    truncation_policy: { mode: 'bytes', limit: 10_000 },
    supports_parallel_tool_calls: true,
    ...(model.contextLength === undefined ? {} : { context_window: model.contextLength }),
    experimental_supported_tools: [],
    input_modalities: ['text'],
  };
}
