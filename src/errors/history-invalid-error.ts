import { ToolwireError } from './toolwire-error.js';

/**
 * One rule a history breaks for a target provider, as `repairHistory` reports it: the rule (`H1`…`H14`,
 * providers.md §9), the index of the message in the input, what the repair would do, and why.
 */
export interface HistoryViolation {
  readonly rule: string;
  readonly index: number;
  readonly action: string;
  readonly detail: string;
  readonly toolCallId?: string;
}

/**
 * Thrown by `repairHistory(messages, { strict: true })` (code `history_invalid`) when the history breaks
 * a rule of the target provider. `violations` lists every one, in the order the repair meets them; the
 * message names the first few.
 */
export class HistoryInvalidError extends ToolwireError {
  override name = 'HistoryInvalidError';
  readonly target: string;
  readonly violations: readonly HistoryViolation[];

  constructor(target: string, violations: readonly HistoryViolation[]) {
    const shown = violations
      .slice(0, 3)
      .map((violation) => `${violation.rule} at message ${violation.index}: ${violation.detail}`);
    const more = violations.length > 3 ? `; and ${violations.length - 3} more` : '';
    super(
      'history_invalid',
      `history is not valid for ${target} (${violations.length} violation${violations.length === 1 ? '' : 's'}): ${shown.join('; ')}${more}`,
    );
    this.target = target;
    this.violations = violations;
  }
}
