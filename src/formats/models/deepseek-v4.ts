/**
 * `deepseek_v4`: DeepSeek-V4 (and V4-Flash) DSML calls: the V3.2 invoke/parameter tags in a
 * `<｜DSML｜tool_calls>` section (`｜` is U+FF5C).
 *
 * ```text
 * Let me check. <｜DSML｜tool_calls>
 * <｜DSML｜invoke name="get_weather">
 * <｜DSML｜parameter name="city" string="true">Beijing</｜DSML｜parameter>
 * </｜DSML｜invoke>
 * </｜DSML｜tool_calls>
 * ```
 *
 * - Parallel calls: several `<｜DSML｜invoke>` in one section.
 * - Arguments: as `deepseek_v32`: `string="true"` raw text, `string="false"` JSON (falling back to the
 *   schema, then the raw string); a JSON object as the invoke body is accepted.
 * - Reasoning: `<think>…</think>`; with `reasoningStartedInPrompt` a section start before `</think>` ends
 *   the reasoning (llama.cpp).
 * - Deliberately not done: the V3.2 wrapper `<｜DSML｜function_calls>` is content here, as in vLLM's V4
 *   parser (use `deepseek_v32` for it); text after the section is content.
 *
 * Checked against: formats.md F14 and §7 item 7 — vLLM `test_format_conformance.py` (fixture
 * `deepseek_v4`) and its DeepSeek-V4 parser tests, llama.cpp `tests/test-chat.cpp` (DeepSeek-V4 template).
 */

import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';
import { dsmlEnvelope, dsmlInvokeConfig, dsmlInvokeMarkers } from './deepseek-v32.js';

const config = {
  sectionStart: ['<｜DSML｜tool_calls>'],
  sectionEnd: ['</｜DSML｜tool_calls>'],
  ...dsmlInvokeConfig,
} as const;

export const deepseekV4: FormatDefinition = {
  id: 'deepseek_v4',
  aliases: ['deepseekv4'],
  description: 'DeepSeek-V4 DSML <｜DSML｜invoke> calls in <｜DSML｜tool_calls>',
  models: ['deepseek-v4'],
  markers: ['<｜DSML｜tool_calls>', '</｜DSML｜tool_calls>', ...dsmlInvokeMarkers],
  example:
    '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">SF</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
  envelope: dsmlEnvelope('<｜DSML｜tool_calls>', '</｜DSML｜tool_calls>'),
  create: (options) => new XmlParametersParser(config, options),
};
