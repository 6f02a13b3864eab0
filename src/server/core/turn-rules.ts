import type { TurnRequest } from './turn-request.js';

/**
 * What a turn's answer must satisfy beyond being parsed: the request's `tool_choice`,
 * `parallel_tool_calls: false`, `strict` tools and a `json_schema` / `json_object` response format.
 * `constrained`: whether any rule applies (then a backend without grammars has the answer checked
 * whole before any of it is sent).
 */
export interface TurnRules {
  readonly constrained: boolean;
  /** A call is required (`required`, or a named tool). */
  readonly callRequired: boolean;
  /** The one tool calls may name (`tool_choice` names it). */
  readonly onlyTool: string | undefined;
  /** No calls at all (`none`, or no tools offered). */
  readonly noCalls: boolean;
  readonly atMostOneCall: boolean;
  readonly strictTools: ReadonlySet<string>;
  /** The content must be JSON (and fit the schema, when one is given). */
  readonly jsonContent: boolean;
}

/** The rules of a turn request. */
export function turnRules(request: TurnRequest): TurnRules {
  const choice = request.toolChoice;
  const noCalls = choice.type === 'none' || request.tools.length === 0;
  const callRequired = choice.type === 'required' || choice.type === 'tool';
  // A named tool is one call to it (OpenAI's forced function call; Anthropic's `tool` choice).
  const atMostOneCall = !noCalls && (!request.parallelToolCalls || choice.type === 'tool');
  const jsonContent = request.responseFormat.type !== 'text';
  return {
    constrained: callRequired || atMostOneCall || (!noCalls && request.strictTools.size > 0) || jsonContent,
    callRequired,
    onlyTool: choice.type === 'tool' ? choice.toolName : undefined,
    noCalls,
    atMostOneCall,
    strictTools: request.strictTools,
    jsonContent,
  };
}

/** A hint appended to the conversation when an answer broke a rule and the model is asked again. */
export function retryHint(rules: TurnRules, toolNames: readonly string[], broken: string): string {
  const parts = [`Your previous answer was not accepted: ${broken}.`];
  if (rules.onlyTool !== undefined)
    parts.push(`Answer with exactly one call to the tool "${rules.onlyTool}".`);
  else if (rules.callRequired)
    parts.push(`Answer with a call to one of these tools: ${toolNames.join(', ')}.`);
  if (rules.atMostOneCall) parts.push('Make at most one tool call.');
  if (rules.strictTools.size > 0)
    parts.push("Tool arguments must match each tool's parameter schema exactly.");
  if (rules.jsonContent) parts.push('Answer with JSON only.');
  return parts.join(' ');
}
