/**
 * The three model families the agent-client tests run under: how the model writes tool calls and a
 * final answer in its own format (what the replay backend streams), and how its chat template renders
 * tools' outputs back into the next prompt (what the tests assert the backend received).
 */

export interface E2eFormat {
  /** The format id (`toolwire formats`). */
  readonly format: string;
  /** The built-in template id the gateway renders prompts with. */
  readonly template: string;
  /** The model's text calling `name` with string `args` (one call, nothing after it). */
  call(name: string, args: Readonly<Record<string, string>>): string;
  /** The model's text making `calls` in one turn, in order. */
  calls(calls: readonly ToolCallText[]): string;
  /** The model's text answering `text` to the user. */
  answer(text: string): string;
  /** `output`, the result of a call to `name`, as the template writes it into the next prompt. */
  renderedResult(name: string, output: string): string;
  /** The results of one turn's calls, in order, as the template writes them. */
  renderedResults(results: readonly ToolResultText[]): string;
}

export interface ToolCallText {
  readonly name: string;
  readonly args: Readonly<Record<string, string>>;
}

export interface ToolResultText {
  readonly name: string;
  readonly output: string;
}

/** A format from its writers of several calls and results (one is the case of one). */
function format(definition: Omit<E2eFormat, 'call' | 'renderedResult'>): E2eFormat {
  return {
    ...definition,
    call: (name, args) => definition.calls([{ name, args }]),
    renderedResult: (name, output) => definition.renderedResults([{ name, output }]),
  };
}

/** Qwen3-Coder: XML-ish calls in `<tool_call>`, results in a user turn's `<tool_response>`. */
const qwen3Coder = format({
  format: 'qwen3_coder',
  template: 'qwen3-coder',
  calls: (calls) =>
    calls
      .map(
        ({ name, args }) =>
          `<tool_call>\n<function=${name}>\n${Object.entries(args)
            .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`)
            .join('')}</function>\n</tool_call>`,
      )
      .join('\n'),
  answer: (text) => text,
  renderedResults: (results) =>
    `<|im_start|>user\n${results.map(({ output }) => `<tool_response>\n${output}\n</tool_response>\n`).join('')}<|im_end|>\n`,
});

/**
 * GLM-4.7: `<arg_key>`/`<arg_value>` calls; the template opens `<think>` at the generation prompt, so
 * the output closes it first. Results follow `<|observation|>`.
 */
const glm47 = format({
  format: 'glm47',
  template: 'glm-4.7',
  calls: (calls) =>
    `</think>${calls
      .map(
        ({ name, args }) =>
          `<tool_call>${name}${Object.entries(args)
            .map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`)
            .join('')}</tool_call>`,
      )
      .join('')}`,
  answer: (text) => `</think>${text}`,
  renderedResults: (results) =>
    `<|observation|>${results.map(({ output }) => `<tool_response>${output}</tool_response>`).join('')}`,
});

/**
 * gpt-oss (Harmony): a call on the commentary channel addressed `to=functions.NAME`, the answer on the
 * final channel; a result is a message from `functions.NAME` whose content the template writes as a
 * JSON string.
 */
const harmony = format({
  format: 'harmony',
  template: 'gpt-oss',
  calls: (calls) =>
    calls
      .map(
        ({ name, args }) =>
          `<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${JSON.stringify(args)}<|call|>`,
      )
      .join('<|start|>assistant'),
  answer: (text) => `<|channel|>final<|message|>${text}<|return|>`,
  renderedResults: (results) =>
    results
      .map(
        ({ name, output }) =>
          `<|start|>functions.${name} to=assistant<|channel|>commentary<|message|>${JSON.stringify(output)}<|end|>`,
      )
      .join(''),
});

export const e2eFormats: readonly E2eFormat[] = [qwen3Coder, glm47, harmony];
