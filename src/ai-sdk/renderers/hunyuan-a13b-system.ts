/**
 * The fixed text of Hunyuan-A13B's system turn, which its template writes itself when tools are given
 * (vLLM `examples/tool_chat_template_hunyuan_a13b.jinja`): the instructions before the tool list, and
 * after it the rules that follow the system text (printed as `额外要求`, "additional requirements") or,
 * without a system message, the shorter rules before the first user turn; each variant ends with the
 * lead-in to the current time. Byte for byte the template's; the renderer and the whole-prompt
 * template share them.
 */

/** Before the tool list (the template adds a newline, the list, a newline). */
export const hunyuanA13bIntro =
  '你是一位函数组合专家。你会得到一个问题和一组可能的函数。根据问题，你需要进行一个或多个函数/工具调用以实现目的。\n如果没有一个函数可以使用，请直接使用自然语言回复用户，以助手：开头。\n如果给定的问题缺少函数所需的参数，请使用自然语言进行提问，向用户询问必要信息，以助手：开头。\n如果调用结果已经足够回答用户问题，请对历史结果进行总结，使用自然语言回复用户，以助手：开头。\n你应该只在工具调用部分返回函数调用。如果你决定调用任何函数，你必须将其格式化为<tool_calls>[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},...]</tool_calls>。你不应该在回复中包含任何其他文本。以下是你可以调用的函数列表，格式为JSON。\n';

/** After `额外要求：` and the system text. */
export const hunyuanA13bSystemRules =
  '\n\n如果你决定返回函数调用，请将其格式化为<tool_calls>[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},...]</tool_calls>，不得包含其他文本。如果额外要求里有格式要求，请忽略，以此处为准。\n否则，请参考开头说的三种情况，以助手：开头进行回复。';

/** After `hunyuanA13bSystemRules`, before the date and weekday. */
export const hunyuanA13bSystemClock =
  '\n\n如果额外要求里有时间信息，就以额外要求里的时间为准，否则，参考当前时间：';

/** After the tool list when the conversation starts with a user message. */
export const hunyuanA13bUserRules =
  '\n如果你决定返回函数调用，请将其格式化为<tool_calls>[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},...]</tool_calls>，不得包含其他文本。\n否则，请参考开头说的三种情况，以助手：开头进行回复。';

/** After `hunyuanA13bUserRules`, before the date and weekday. */
export const hunyuanA13bUserClock = '\n\n当前时间：';
