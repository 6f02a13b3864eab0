import { badField } from '../http/gateway-error.js';

/** The reasoning switch a template reads (`enable_thinking`, `reasoning_effort`). */
export interface ReasoningSwitch {
  readonly enabled: boolean;
  readonly effort?: 'low' | 'medium' | 'high';
}

const efforts: Readonly<Record<string, ReasoningSwitch>> = {
  none: { enabled: false },
  minimal: { enabled: true, effort: 'low' },
  low: { enabled: true, effort: 'low' },
  medium: { enabled: true, effort: 'medium' },
  high: { enabled: true, effort: 'high' },
  xhigh: { enabled: true, effort: 'high' },
};

/**
 * An OpenAI reasoning effort (Chat `reasoning_effort`, Responses `reasoning.effort`: `none`,
 * `minimal`, `low`, `medium`, `high`, `xhigh`) as the switch chat templates read: `none` turns
 * thinking off (`enable_thinking: false`), the others on, with `minimal` read as `low` and `xhigh` as
 * `high` (the levels templates such as gpt-oss's know). Absent or null: `undefined`, the template's
 * default.
 *
 * @throws {GatewayError} 400 naming `param` for another value.
 */
export function reasoningFromEffort(value: unknown, param: string): ReasoningSwitch | undefined {
  if (value === undefined || value === null) return undefined;
  const found = typeof value === 'string' ? efforts[value] : undefined;
  if (found === undefined || !Object.hasOwn(efforts, value as string))
    throw badField(param, `"${param}" must be one of ${Object.keys(efforts).join(', ')}`);
  return found;
}

/** `{ reasoning }` for a turn request when there is a switch, else nothing (so the key is absent). */
export function reasoningField(reasoning: ReasoningSwitch | undefined): { reasoning?: ReasoningSwitch } {
  return reasoning === undefined ? {} : { reasoning };
}
