import type { LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { outputText } from '../../ai-sdk/index.js';
import type { ToolResultOutput } from '../../types/index.js';
import { TemplateError } from './prompt-renderer.js';

/**
 * The error for an image or file in a conversation rendered to raw text: a chat template prompt holds
 * text only (the gateway refuses media for raw-text backends before rendering; this is the guard).
 */
export function mediaError(where: string): TemplateError {
  return new TemplateError(`a raw-text prompt holds text only: ${where} is not supported`);
}

/** Throws `TemplateError` when a tool result's `content` output holds anything but text items. */
export function assertTextOutput(output: ToolResultOutput): void {
  if (output.type !== 'content') return;
  for (const item of output.value)
    if (item.type !== 'text') throw mediaError(`a tool result's ${item.type} item`);
}

/**
 * A tool result as the text a chat template prints: `outputText` of `toolwire/ai-sdk` (the text the
 * built-in templates print: `json` outputs as `JSON.stringify`, `content` as its text items joined,
 * `execution-denied` as its reason). Throws `TemplateError` for media items.
 */
export function toolOutputText(output: ToolResultOutput): string {
  assertTextOutput(output);
  return outputText(output as LanguageModelV3ToolResultOutput);
}
