/**
 * The three model families the agent-client tests run under: how the model writes one tool call and a
 * final answer in its own format (what the replay backend streams), and how its chat template renders
 * a tool's output back into the next prompt (what the tests assert the backend received).
 */

export interface E2eFormat {
  /** The format id (`toolwire formats`). */
  readonly format: string;
  /** The built-in template id the gateway renders prompts with. */
  readonly template: string;
  /** The model's text calling `name` with string `args` (one call, nothing after it). */
  call(name: string, args: Readonly<Record<string, string>>): string;
  /** The model's text answering `text` to the user. */
  answer(text: string): string;
  /** `output`, the result of a call to `name`, as the template writes it into the next prompt. */
  renderedResult(name: string, output: string): string;
}

/** Qwen3-Coder: XML-ish calls in `<tool_call>`, results in a user turn's `<tool_response>`. */
const qwen3Coder: E2eFormat = {
  format: 'qwen3_coder',
  template: 'qwen3-coder',
  call: (name, args) =>
    `<tool_call>\n<function=${name}>\n${Object.entries(args)
      .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`)
      .join('')}</function>\n</tool_call>`,
  answer: (text) => text,
  renderedResult: (_name, output) =>
    `<|im_start|>user\n<tool_response>\n${output}\n</tool_response>\n<|im_end|>\n`,
};

/**
 * GLM-4.7: `<arg_key>`/`<arg_value>` calls; the template opens `<think>` at the generation prompt, so
 * the output closes it first. Results follow `<|observation|>`.
 */
const glm47: E2eFormat = {
  format: 'glm47',
  template: 'glm-4.7',
  call: (name, args) =>
    `</think><tool_call>${name}${Object.entries(args)
      .map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`)
      .join('')}</tool_call>`,
  answer: (text) => `</think>${text}`,
  renderedResult: (_name, output) => `<|observation|><tool_response>${output}</tool_response>`,
};

/**
 * gpt-oss (Harmony): a call on the commentary channel addressed `to=functions.NAME`, the answer on the
 * final channel; a result is a message from `functions.NAME` whose content the template writes as a
 * JSON string.
 */
const harmony: E2eFormat = {
  format: 'harmony',
  template: 'gpt-oss',
  call: (name, args) =>
    `<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${JSON.stringify(args)}<|call|>`,
  answer: (text) => `<|channel|>final<|message|>${text}<|return|>`,
  renderedResult: (name, output) =>
    `<|start|>functions.${name} to=assistant<|channel|>commentary<|message|>${JSON.stringify(output)}<|end|>`,
};

export const e2eFormats: readonly E2eFormat[] = [qwen3Coder, glm47, harmony];
