import { pythonJson } from './python-json.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

const toolUse =
  'You have been trained to have advanced reasoning and tool-use capabilities and you should make best use of these skills to serve user\'s requests.\n\n## Tool Use\nThink about how you can make best use of the provided tools to help with the task and come up with a high level plan that you will execute first.\n\n0. Start by writing <|START_THINKING|> followed by a detailed step by step plan of how you will solve the problem. For each step explain your thinking fully and give details of required tool calls (if needed). Unless specified otherwise, you write your plan in natural language. When you finish, close it out with <|END_THINKING|>.\n    You can optionally choose to skip this step when the user request is so straightforward to address that only a trivial plan would be needed.\n    NOTE: You MUST skip this step when you are directly responding to the user\'s request without using any tools.\n\nThen carry out your plan by repeatedly executing the following steps.\n1. Action: write <|START_ACTION|> followed by a list of JSON-formatted tool calls, with each one containing "tool_name" and "parameters" fields.\n    When there are multiple tool calls which are completely independent of each other (i.e. they can be executed in parallel), you should list them out all together in one step. When you finish, close it out with <|END_ACTION|>.\n2. Observation: you will then receive results of those tool calls in JSON format in the very next turn, wrapped around by <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>. Carefully observe those results and think about what to do next. Note that these results will be provided to you in a separate turn. NEVER hallucinate results.\n    Every tool call produces a list of results (when a tool call produces no result or a single result, it\'ll still get wrapped inside a list). Each result is clearly linked to its originating tool call via its "tool_call_id".\n3. Reflection: start the next turn by writing <|START_THINKING|> followed by what you\'ve figured out so far, any changes you need to make to your plan, and what you will do next. When you finish, close it out with <|END_THINKING|>.\n    You can optionally choose to skip this step when everything is going according to plan and no special pieces of information or reasoning chains need to be recorded.\n    NOTE: You MUST skip this step when you are done with tool-use actions and are ready to respond to the user.\n\nYou can repeat the above 3 steps multiple times (could be 0 times too if no suitable tool calls are available or needed), until you decide it\'s time to finally respond to the user.\n\n4. Response: then break out of the loop and write <|START_RESPONSE|> followed by a piece of text which serves as a response to the user\'s last request. Use all previous tool calls and results to help you when formulating your response. When you finish, close it out with <|END_RESPONSE|>.\n';

const availableTools =
  '## Available Tools\nHere is the list of tools that you have available to you.\nYou can ONLY use the tools listed here. When a tool is not listed below, it is NOT available and you should NEVER attempt to use it.\nEach tool is represented as a JSON object with fields like "name", "description", "parameters" (per JSON Schema), and optionally, "responses" (per JSON Schema).\n\n';

/**
 * Command R7B: the tool-use instructions and the tool list (a fenced JSON list; the description is
 * written unescaped, as the template does) after the system text, which the template prints as the
 * developer preamble (it prints the same instructions in its own preamble, before that, where message
 * text cannot go). Calls as `<|START_ACTION|>` lists numbered across the conversation, the turn's
 * text as the plan in `<|START_THINKING|>`; results as a system turn of `<|START_TOOL_RESULT|>`
 * objects with the number of their call. Source: Cohere's template (llama.cpp
 * `CohereForAI-c4ai-command-r7b-12-2024.jinja`).
 */
export const commandR7bRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `${toolUse}\n${availableTools}\`\`\`json\n[\n${tools
      .map(
        (tool) =>
          `    {"name": "${tool.name}", "description": "${tool.description ?? ''}", "parameters": ${pythonJson(tool.parameters)}, "responses": null}`,
      )
      .join(',\n')}\n]\n\`\`\``,
  join: (section, text) => (text === undefined || text === '' ? section : `${text}\n\n${section}`),
  call: (call) =>
    `    {"tool_call_id": "${call.index}", "tool_name": "${call.name}", "parameters": ${pythonJson(call.input)}}`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `<|START_THINKING|>${text}<|END_THINKING|><|START_ACTION|>[\n${calls.join(',\n')}\n]<|END_ACTION|>`,
  results: (results) =>
    `<|START_TOOL_RESULT|>[\n${results
      .map(
        (result) =>
          `    {\n        "tool_call_id": "${result.callIndex < 0 ? '' : result.callIndex}",\n        "results": {\n            "0": ${pythonJson(result.text)}\n        },\n        "is_error": null\n    }`,
      )
      .join(',\n')}\n]<|END_TOOL_RESULT|>`,
  resultsRole: 'system',
};
