// Token counts of several replies added up (a count no reply gave stays absent).

import type { Usage } from '../providers/provider-converter.js';

/** `total` plus `usage`, field by field; a field absent from both stays absent. */
export function addUsage(total: Usage, usage: Usage): Usage {
  const sum = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : a + b;
  const inputTokens = sum(total.inputTokens, usage.inputTokens);
  const outputTokens = sum(total.outputTokens, usage.outputTokens);
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  };
}
