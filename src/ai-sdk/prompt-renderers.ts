import type { ToolDefinition } from '../types/tool.js';
import { apertusRenderer } from './apertus-renderer.js';
import { commandR7bRenderer } from './command-r7b-renderer.js';
import { deepseekV32Renderer } from './deepseek-v32-renderer.js';
import { functiongemmaRenderer } from './functiongemma-renderer.js';
import { gemma4Renderer } from './gemma4-renderer.js';
import { gigachat3Renderer } from './gigachat3-renderer.js';
import { graniteRenderer } from './granite-renderer.js';
import { hunyuanA13bRenderer } from './hunyuan-a13b-renderer.js';
import { internlmRenderer } from './internlm-renderer.js';
import { kimiK3Renderer } from './kimi-k3-renderer.js';
import {
  llama4PythonicRenderer,
  llama32PythonicRenderer,
  toolacePythonicRenderer,
} from './llama-pythonic-renderers.js';
import { olmo3Renderer } from './olmo3-renderer.js';
import { phi4MiniRenderer } from './phi4-mini-renderer.js';
import { pythonCall } from './python-call.js';
import { pythonJson, pythonString } from './python-json.js';
import { afterSystem, functionTool, joined } from './render-pieces.js';
import { seedOssRenderer } from './seed-oss-renderer.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';
import { typescriptType } from './typescript-type.js';
import { xlamRenderer } from './xlam-renderer.js';

export type { RenderedCall, RenderedResult, ToolPromptRenderer } from './tool-prompt-renderer.js';

/** `value` as an XML-style parameter body: strings as they are, anything else as JSON (`tojson`). */
const parameterValue = (value: unknown): string => (typeof value === 'string' ? value : pythonJson(value));

// Qwen2.5 / Qwen3 / Hermes 3 (`<tools>` JSON lines, `<tool_call>` JSON, results in a user turn).
const hermesSection = (tools: readonly ToolDefinition[]): string =>
  '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
  'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
  tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
  '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

const hermes: ToolPromptRenderer = {
  placement: 'system',
  section: hermesSection,
  join: afterSystem,
  call: (call) =>
    `<tool_call>\n{"name": ${pythonJson(call.name)}, "arguments": ${pythonJson(call.input)}}\n</tool_call>`,
  assistant: joined('\n'),
  results: (results) =>
    results.map((result) => `<tool_response>\n${result.text}\n</tool_response>`).join('\n'),
};

/** Extra schema keys as `<key>value</key>` lines (containers as JSON, scalars as Python prints them). */
function extraKeys(object: unknown, handled: readonly string[]): string {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return '';
  let text = '';
  for (const [key, value] of Object.entries(object)) {
    if (handled.includes(key)) continue;
    const body = typeof value === 'object' && value !== null ? pythonJson(value) : pythonString(value);
    text += `\n<${key}>${body}</${key}>`;
  }
  return text;
}

function qwenXmlTool(tool: ToolDefinition): string {
  let text = `\n<function>\n<name>${tool.name}</name>`;
  if (tool.description !== undefined) text += `\n<description>${tool.description.trim()}</description>`;
  text += '\n<parameters>';
  const properties = (tool.parameters as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [name, field] of Object.entries(properties as Record<string, unknown>)) {
      const schema = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
      text += `\n<parameter>\n<name>${name}</name>`;
      if (schema.type !== undefined) text += `\n<type>${pythonString(schema.type)}</type>`;
      if (typeof schema.description === 'string')
        text += `\n<description>${schema.description.trim()}</description>`;
      text += `${extraKeys(schema, ['name', 'type', 'description'])}\n</parameter>`;
    }
  }
  return `${text}${extraKeys(tool.parameters, ['type', 'properties'])}\n</parameters>\n</function>`;
}

/** The Qwen3-Coder family's revisions of its tool section, as switches. */
interface QwenXmlStyle {
  /** `<function>` XML per tool (Qwen3-Coder) or one JSON line per tool (Qwen3.5, Step-3.5). */
  readonly list: 'xml' | 'json';
  /** The line before `<tools>`. */
  readonly intro: string;
  /**
   * The reminder's revision: 1 (Qwen3-Coder: `tools`, two plain parameters), 2 (`functions`, a
   * multi-line example value), 3 (Step-3.5: 2 with `...` inside the tags and two rules fewer).
   */
  readonly revision: 1 | 2 | 3;
  /** Nemotron 3 writes a newline before the first call and after the last. */
  readonly padCalls?: boolean;
  /** Step-3.5's template prints tool messages itself (as `tool_response`). */
  readonly toolMessages?: boolean;
  /** Qwen3.5 puts the tool section before the system text, the others after it. */
  readonly before: boolean;
}

function qwenXmlSection(style: QwenXmlStyle, tools: readonly ToolDefinition[]): string {
  const list =
    style.list === 'xml'
      ? tools.map(qwenXmlTool).join('')
      : `\n${tools.map((tool) => pythonJson(functionTool(tool))).join('\n')}`;
  const what = style.revision === 1 ? 'tool' : 'function';
  const second =
    style.revision === 1
      ? 'value_2'
      : 'This is the value for the second parameter\nthat can span\nmultiple lines';
  const rule =
    style.revision === 1
      ? 'the tool calling block MUST begin with an opening <tool_call> tag and end with a closing </tool_call> tag.'
      : style.revision === 2
        ? 'an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags'
        : 'an inner <function=...>\n...\n</function> block must be nested within <tool_call>\n...\n</tool_call> XML tags';
  const rest =
    style.revision === 3
      ? ''
      : '\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, ' +
        'but NOT after\n- If there is no function call available, answer the question like normal with your current ' +
        'knowledge and do not tell the user about function calls';
  return (
    `# Tools\n\n${style.intro}\n\n<tools>${list}\n</tools>` +
    `\n\nIf you choose to call a ${what} ONLY reply in the following format with NO suffix:\n\n<tool_call>\n` +
    '<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n' +
    `<parameter=example_parameter_2>\n${second}\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\n` +
    `Reminder:\n- Function calls MUST follow the specified format: ${rule}\n- Required parameters MUST be specified` +
    `${rest}\n</IMPORTANT>`
  );
}

function qwenXml(style: QwenXmlStyle): ToolPromptRenderer {
  return {
    placement: 'system',
    section: (tools) => qwenXmlSection(style, tools),
    join: style.before
      ? (section, text) => (text === undefined || text === '' ? section : `${section}\n\n${text}`)
      : afterSystem,
    call: (call) =>
      `<tool_call>\n<function=${call.name}>\n${Object.entries(call.input)
        .map(([key, value]) => `<parameter=${key}>\n${parameterValue(value)}\n</parameter>\n`)
        .join('')}</function>\n</tool_call>`,
    assistant: (text, calls) => {
      const joinedCalls = [text.trim(), ...calls].filter((piece) => piece !== '').join('\n');
      return style.padCalls === true && calls.length > 0 ? `\n${joinedCalls}\n` : joinedCalls;
    },
    results:
      style.toolMessages === true
        ? 'tool'
        : (results) =>
            results
              .map((result) => `<tool_response>\n${result.text}\n</tool_response>${style.before ? '' : '\n'}`)
              .join(style.before ? '\n' : ''),
  };
}

const llama3Json: ToolPromptRenderer = {
  placement: 'first-user',
  section: (tools) =>
    'Given the following functions, please respond with a JSON for a function call with its proper arguments ' +
    'that best answers the given prompt.\n\nRespond in the format {"name": function name, "parameters": ' +
    // Meta's template has no space after `}.`; vLLM's example adds one (listed in the template differences).
    'dictionary of argument name and its value}.Do not use variables.\n\n' +
    tools.map((tool) => `${pythonJson(functionTool(tool), 4)}\n\n`).join(''),
  join: (section, text) => `${section}${text ?? ''}`,
  call: (call) => `{"name": ${pythonJson(call.name)}, "parameters": ${pythonJson(call.input)}}`,
  // vLLM's llama3_json parser reads several calls separated by `; ` (the template allows one).
  assistant: joined('; '),
  results: 'tool',
};

/** GLM's revisions: 4.5/4.6 put each `<arg_key>` / `<arg_value>` on its own line, 4.7 and 5 do not. */
interface GlmStyle {
  /** Tools as `{ type: "function", function }` lines (4.x) or bare function objects (5.x). */
  readonly wrapped: boolean;
  /** One line per key and value (4.5 / 4.6). */
  readonly lines: boolean;
}

function glm(style: GlmStyle): ToolPromptRenderer {
  const nl = style.lines ? '\n' : '';
  return {
    placement: 'own-system',
    // 4.7's template prints `<|system|>` then a newline before its tools, but none before a system
    // message's text; 4.6's prints the newline for both.
    section: (tools) =>
      `${style.lines ? '' : '\n'}# Tools\n\nYou may call one or more functions to assist with the user query.\n\n` +
      'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
      tools
        .map((tool) => pythonJson(style.wrapped ? functionTool(tool) : functionTool(tool).function))
        .join('\n') +
      '\n</tools>\n\nFor each function call, output the function name and arguments within the following XML ' +
      `format:\n<tool_call>{function-name}${nl}<arg_key>{arg-key-1}</arg_key>${nl}<arg_value>{arg-value-1}</arg_value>` +
      `${nl}<arg_key>{arg-key-2}</arg_key>${nl}<arg_value>{arg-value-2}</arg_value>${nl}...${nl}</tool_call>`,
    join: (section) => section,
    call: (call) =>
      `<tool_call>${call.name}${Object.entries(call.input)
        .map(
          ([key, value]) =>
            `${nl}<arg_key>${key}</arg_key>${nl}<arg_value>${parameterValue(value)}</arg_value>`,
        )
        .join('')}${nl}</tool_call>`,
    assistant: joined(nl),
    results: 'tool',
  };
}

const mistral: ToolPromptRenderer = {
  placement: 'last-user',
  section: (tools) => `[AVAILABLE_TOOLS] ${pythonJson(tools.map(functionTool))} [/AVAILABLE_TOOLS]`,
  join: (section, text) => (text === undefined || text === '' ? section : `${section} ${text}`),
  call: (call) => pythonJson({ name: call.name, arguments: call.input, id: call.id }),
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : [text, `[TOOL_CALLS] [${calls.join(', ')}]`].filter((piece) => piece !== '').join(' '),
  results: 'tool',
};

// Kimi K2: the tools as compact JSON in a `tool_declare` system block, calls in a calls section.
const kimiK2: ToolPromptRenderer = {
  placement: 'own-system',
  section: (tools) => JSON.stringify(tools.map(functionTool)),
  join: (section) => section,
  call: (call) =>
    `<|tool_call_begin|>${call.id}<|tool_call_argument_begin|>${pythonJson(call.input)}<|tool_call_end|>`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text}<|tool_calls_section_begin|>${calls.join('')}<|tool_calls_section_end|>`,
  results: 'tool',
};

const minimaxM2: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    '# Tools\nYou may call one or more tools to assist with the user query.\n' +
    'Here are the tools available in JSONSchema format:\n\n<tools>\n' +
    tools.map((tool) => `<tool>${pythonJson(functionTool(tool).function)}</tool>`).join('\n') +
    '\n</tools>\n\nWhen making tool calls, use XML format to invoke tools and pass parameters:\n\n' +
    '<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n' +
    '<parameter name="param-key-2">param-value-2</parameter>\n...\n</invoke>\n</minimax:tool_call>',
  join: afterSystem,
  call: (call) =>
    `<invoke name="${call.name}">\n${Object.entries(call.input)
      .map(([key, value]) => `<parameter name="${key}">${parameterValue(value)}</parameter>\n`)
      .join('')}</invoke>`,
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}\n<minimax:tool_call>\n${calls.join('\n')}\n</minimax:tool_call>`,
  // The template refuses a tool message without an assistant `tool_calls` before it, so the results go
  // in a user turn (the template prints them under `tool`; listed in the template differences).
  results: (results) => results.map((result) => `<response>${result.text}</response>`).join('\n'),
};

// DeepSeek's full-width markers (U+FF5C, U+2581), as the tokenizer spells them.
const dsCallsBegin = '<｜tool▁calls▁begin｜>';
const dsCallsEnd = '<｜tool▁calls▁end｜>';
const dsCallBegin = '<｜tool▁call▁begin｜>';
const dsCallEnd = '<｜tool▁call▁end｜>';
const dsSep = '<｜tool▁sep｜>';

const dsAssistant = (text: string, calls: readonly string[]): string =>
  calls.length === 0 ? text : `${text}${dsCallsBegin}${calls.join('')}${dsCallsEnd}`;

// DeepSeek V3.1 (vLLM's example template): `### name` blocks, calls as `name<｜tool▁sep｜>{json}`.
const deepseekV31: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `## Tools\nYou have access to the following tools:\n\n${tools
      .map(
        (tool) =>
          `### ${tool.name}\nDescription: ${tool.description ?? ''}\n\nParameters: ${pythonJson(tool.parameters)}\n\n`,
      )
      .join('')}IMPORTANT: ALWAYS adhere to this exact format for tool use:\n${dsCallsBegin}${dsCallBegin}` +
    `tool_call_name${dsSep}tool_call_arguments${dsCallEnd}{{additional_tool_calls}}${dsCallsEnd}\n\nWhere:\n\n` +
    '- `tool_call_name` must be an exact match to one of the available tools\n' +
    "- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n" +
    '- For multiple tool calls, chain them directly without separators or spaces\n',
  join: afterSystem,
  call: (call) => `${dsCallBegin}${call.name}${dsSep}${pythonJson(call.input)}${dsCallEnd}`,
  assistant: dsAssistant,
  results: 'tool',
};

// DeepSeek V3 (vLLM's example template): `function<｜tool▁sep｜>name` and a fenced JSON block.
const deepseekV3: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n' +
    tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
    `\n</tools>\n\nFor function call returns, you should first print ${dsCallsBegin}\n\n` +
    `For each function call, you should return object like:\n\n${dsCallBegin}function${dsSep}<function_name>\n` +
    `\`\`\`json\n<function_arguments_in_json_format>\n\`\`\`${dsCallEnd}\n\n` +
    `At the end of function call returns, you should print ${dsCallsEnd}`,
  join: afterSystem,
  call: (call) =>
    `${dsCallBegin}function${dsSep}${call.name}\n\`\`\`json\n${pythonJson(call.input)}\n\`\`\`${dsCallEnd}`,
  assistant: dsAssistant,
  results: 'tool',
};

// llama.cpp's tool-aware DeepSeek-R1 template: the functions as indented JSON before the system text.
const deepseekR1: ToolPromptRenderer = {
  ...deepseekV3,
  section: (tools) =>
    "You can call any of the following function tools to satisfy the user's requests: " +
    `${pythonJson(
      tools.map((tool) => functionTool(tool).function),
      2,
    )}\n\nExample function tool call syntax:\n\n${dsCallsBegin}${dsCallBegin}function${dsSep}example_function_name\n` +
    `\`\`\`json\n{\n  "arg1": "some_value"\n  ...\n}\n\`\`\`\n${dsCallEnd}${dsCallsEnd}\n\n`,
  join: (section, text) => `${section}${text ?? ''}`,
};

function harmonyTool(tool: ToolDefinition): string {
  let text = `// ${tool.description ?? ''}\ntype ${tool.name} = `;
  const parameters = tool.parameters as { properties?: Record<string, unknown>; required?: unknown };
  const properties = parameters.properties;
  if (properties === undefined || Object.keys(properties).length === 0) return `${text}() => any;\n\n`;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  text += '(_: {\n';
  for (const [name, field] of Object.entries(properties)) {
    const spec = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
    if (typeof spec.description === 'string' && spec.description !== '') text += `// ${spec.description}\n`;
    text += `${name}${required.includes(name) ? '' : '?'}: ${typescriptType(spec)}`;
    if (spec.default !== undefined)
      text += `, // default: ${spec.enum !== undefined ? pythonString(spec.default) : pythonJson(spec.default)}`;
    text += ',\n';
  }
  return `${text}}) => any;\n\n`;
}

// gpt-oss (Harmony): the tools as a TypeScript namespace in the developer message. A past call and
// its result live in message headers the template writes (`<|start|>assistant to=functions.NAME`,
// `<|start|>functions.NAME to=assistant`), so the text closes the message the template opened and
// writes those messages itself: the model sees them as trained, after an empty message.
const harmony: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `# Tools\n\n## functions\n\nnamespace functions {\n\n${tools.map(harmonyTool).join('')}} // namespace functions`,
  join: afterSystem,
  call: (call) =>
    `<|start|>assistant to=functions.${call.name}<|channel|>commentary json<|message|>${pythonJson(call.input)}<|call|>`,
  assistant: (text, calls) => (calls.length === 0 ? text : `${text}<|end|>${calls.join('')}`),
  results: (results) =>
    `<|end|>${results
      .map(
        (result) =>
          `<|start|>functions.${result.name} to=assistant<|channel|>commentary<|message|>${pythonJson(result.text)}`,
      )
      .join('<|end|>')}`,
};

// Pythonic calls (Llama 3.2 / Gemma 3 tool templates of vLLM): the tool list as indented JSON and the
// instructions at the top of the first user turn, calls as a Python list, results as user turns.
const pythonic: ToolPromptRenderer = {
  placement: 'first-user',
  section: (tools) =>
    'Tools (functions) are available. If you decide to invoke one or more of the tools, you must respond ' +
    'with a python list of the function calls.\nExample Format: [func_name1(params_name1=params_value1, ' +
    'params_name2=params_value2...), func_name2(params)] \nDo not use variables. DO NOT USE MARKDOWN SYNTAX. ' +
    'You SHOULD NOT include any other text in the response if you call a function. If none of the functions ' +
    'can be used, point it out. If you lack the parameters required by the function, also point it out.\n' +
    `Here is a list of functions in JSON format that you can invoke.\n${pythonJson(tools.map(functionTool), 4)}`,
  join: (section, text) => (text === undefined || text === '' ? section : `${section}\n\n${text}`),
  call: (call) => pythonCall(call, '"'),
  assistant: (text, calls) =>
    [text, calls.length === 0 ? '' : `[${calls.join(', ')}]`].filter((piece) => piece !== '').join('\n'),
  results: (results) => results.map((result) => `<tool_response>\n${result.text}</tool_response>`).join('\n'),
};

// LFM2: the tool list as JSON on the system prompt's last line (LFM2 inside list markers), calls as a
// Python list inside call markers, results as tool messages.
function lfm2(markers: boolean): ToolPromptRenderer {
  return {
    placement: 'system',
    section: (tools) => {
      const list = pythonJson(tools.map(functionTool));
      return `List of tools: ${markers ? `<|tool_list_start|>${list}<|tool_list_end|>` : list}`;
    },
    join: (section, text) => (text === undefined || text === '' ? section : `${text}\n${section}`),
    // LFM2.5's template writes string arguments as Python's repr does (single quotes).
    call: (call) => pythonCall(call, "'"),
    assistant: (text, calls) =>
      calls.length === 0 ? text : `${text}<|tool_call_start|>[${calls.join(', ')}]<|tool_call_end|>`,
    results: 'tool',
  };
}

// Granite 4: Hermes-style tool list and calls with Granite's own wording.
const granite4: ToolPromptRenderer = {
  ...hermes,
  section: (tools) =>
    'You are a helpful assistant with access to the following tools. You may call one or more tools to assist ' +
    'with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
    tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
    '\n</tools>\n\nFor each tool call, return a json object with function name and arguments within ' +
    '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n' +
    '</tool_call>. If a tool does not exist in the provided list of tools, notify the user that you do not have the ' +
    'ability to fulfill the request.',
  results: (results) => `\n${hermes.results === 'tool' ? '' : hermes.results(results)}`,
};

// Nemotron Nano v2: `<AVAILABLE_TOOLS>` with the function objects, calls in one `<TOOLCALL>` list,
// results in one `<TOOL_RESPONSE>` list in a user turn.
const nemotron: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    'You can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>' +
    `${pythonJson(tools.map((tool) => functionTool(tool).function))}</AVAILABLE_TOOLS>\n\n` +
    'If you decide to call any tool(s), use the following format:\n<TOOLCALL>[{{"name": "tool_name1", ' +
    '"arguments": "tool_args1"}}, {{"name": "tool_name2", "arguments": "tool_args2"}}]</TOOLCALL>\n\n' +
    'The user will execute tool-calls and return responses from tool(s) in this format:\n' +
    '<TOOL_RESPONSE>[{{"tool_response1"}}, {{"tool_response2"}}]</TOOL_RESPONSE>\n\n' +
    'Based on the tool responses, you can call additional tools if needed, correct tool calls if any errors are ' +
    'found, or just respond to the user.',
  join: afterSystem,
  call: (call) => pythonJson({ name: call.name, arguments: call.input }),
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}<TOOLCALL>[${calls.join(', ')}]</TOOLCALL>`,
  results: (results) => `<TOOL_RESPONSE>[${results.map((result) => result.text).join(', ')}]</TOOL_RESPONSE>`,
};

/** A renderer and the model names (case-insensitive substrings) whose templates it follows. */
export interface RendererVariant {
  /** Empty: the format's default. */
  readonly models: readonly string[];
  readonly renderer: ToolPromptRenderer;
}

/**
 * Renderers by format id, each a list of variants: the first whose `models` match the model name
 * wins, else the one with no `models`. Formats without an entry get `genericRenderer` (the Hermes tool
 * section plus the format's own example output as the call syntax). Checked against the models' own
 * templates in `test/ai-sdk/template-check.test.ts`.
 */
export const promptRenderers: Readonly<Record<string, readonly RendererVariant[]>> = {
  hermes: [{ models: [], renderer: hermes }],
  qwen3_coder: [
    {
      models: ['qwen3.5', 'qwen3-5', 'qwen3.6'],
      renderer: qwenXml({
        list: 'json',
        intro: 'You have access to the following functions:',
        revision: 2,
        before: true,
      }),
    },
    {
      models: ['step-3.5', 'step3.5'],
      renderer: qwenXml({
        list: 'json',
        intro: 'You have access to the following functions in JSONSchema format:',
        revision: 3,
        before: false,
        toolMessages: true,
      }),
    },
    {
      models: ['nemotron-3', 'nemotron3'],
      renderer: qwenXml({
        list: 'xml',
        intro: 'You have access to the following functions:',
        revision: 2,
        before: false,
        padCalls: true,
      }),
    },
    {
      models: [],
      renderer: qwenXml({
        list: 'xml',
        intro: 'You have access to the following tools:',
        revision: 1,
        before: false,
      }),
    },
  ],
  llama3_json: [{ models: [], renderer: llama3Json }],
  glm45: [{ models: [], renderer: glm({ wrapped: true, lines: true }) }],
  glm47: [
    { models: ['glm-5', 'glm5'], renderer: glm({ wrapped: false, lines: false }) },
    { models: [], renderer: glm({ wrapped: true, lines: false }) },
  ],
  mistral: [{ models: [], renderer: mistral }],
  kimi_k2: [{ models: [], renderer: kimiK2 }],
  kimi_k3: [{ models: [], renderer: kimiK3Renderer }],
  gigachat3: [{ models: [], renderer: gigachat3Renderer }],
  olmo3: [{ models: [], renderer: olmo3Renderer }],
  seed_oss: [{ models: [], renderer: seedOssRenderer }],
  minimax_m2: [{ models: [], renderer: minimaxM2 }],
  deepseek_v31: [{ models: [], renderer: deepseekV31 }],
  harmony: [{ models: [], renderer: harmony }],
  pythonic: [
    { models: ['llama 3.2', 'llama-3.2', 'llama3.2'], renderer: llama32PythonicRenderer },
    { models: ['toolace'], renderer: toolacePythonicRenderer },
    { models: [], renderer: pythonic },
  ],
  llama4_pythonic: [{ models: [], renderer: llama4PythonicRenderer }],
  lfm2: [
    { models: ['lfm2.5', 'lfm2-5'], renderer: lfm2(false) },
    { models: [], renderer: lfm2(true) },
  ],
  granite4: [{ models: [], renderer: granite4 }],
  nemotron: [{ models: [], renderer: nemotron }],
  gemma4: [{ models: [], renderer: gemma4Renderer }],
  deepseek_v32: [{ models: [], renderer: deepseekV32Renderer }],
  granite: [{ models: [], renderer: graniteRenderer }],
  phi4_mini: [{ models: [], renderer: phi4MiniRenderer }],
  command_r7b: [{ models: [], renderer: commandR7bRenderer }],
  apertus: [{ models: [], renderer: apertusRenderer }],
  internlm: [{ models: [], renderer: internlmRenderer }],
  xlam: [{ models: [], renderer: xlamRenderer }],
  functiongemma: [{ models: [], renderer: functiongemmaRenderer }],
  hunyuan_a13b: [{ models: [], renderer: hunyuanA13bRenderer }],
  deepseek_v3: [
    { models: ['deepseek-r1'], renderer: deepseekR1 },
    { models: [], renderer: deepseekV3 },
  ],
};

/**
 * The renderer for a format and model name: the matching variant of `promptRenderers`, else the
 * format's default variant, else `genericRenderer(example)`.
 */
export function rendererFor(
  format: { readonly id: string; readonly example: string },
  model?: string,
): ToolPromptRenderer {
  const variants = promptRenderers[format.id];
  if (variants === undefined) return genericRenderer(format.example);
  const name = model?.toLowerCase() ?? '';
  const matched = variants.find(
    (variant) => variant.models.length > 0 && variant.models.some((entry) => name.includes(entry)),
  );
  return (
    (matched ?? variants.find((variant) => variant.models.length === 0) ?? variants[0])?.renderer ??
    genericRenderer(format.example)
  );
}

/**
 * For a format with no renderer of its own: the tools as Hermes-style JSON lines in the system
 * prompt, the format's `example` output as the syntax to answer in, earlier calls as JSON, results as
 * `<tool_response>` user turns. The parse side is the format's own parser either way.
 */
export function genericRenderer(example: string): ToolPromptRenderer {
  return {
    ...hermes,
    section: (tools) =>
      '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
      'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
      tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
      `\n</tools>\n\nTo call a function, answer in exactly this form:\n${example}`,
    call: (call) => pythonJson({ name: call.name, arguments: call.input }),
  };
}
