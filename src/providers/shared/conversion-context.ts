import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';

/**
 * Options of a provider converter (`createAnthropicConverter`, `createBedrockConverter`).
 *
 * - `onUnsupported`: what to do with a tool, schema or message part the provider cannot hold.
 *   `'warn'` (default): convert what can be carried and list each loss in `warnings` as
 *   `{ type: 'unsupported', feature, details }`. `'throw'`: throw `ToolwireError` code `unsupported` at
 *   the first loss (`compatibility` warnings, which lose nothing, never throw).
 */
export interface ConverterOptions {
  readonly onUnsupported?: 'warn' | 'throw';
}

/** The warnings of one conversion and the policy for losses; passed to every converter function. */
export class ConversionContext {
  readonly warnings: Warning[] = [];

  constructor(private readonly onUnsupported: 'warn' | 'throw' = 'warn') {}

  /**
   * Records that `feature` cannot be carried (dropped or narrowed).
   * @throws {ToolwireError} code `unsupported` with `onUnsupported: 'throw'`.
   */
  unsupported(feature: string, details: string): void {
    if (this.onUnsupported === 'throw') throw new ToolwireError('unsupported', `${feature}: ${details}`);
    this.warnings.push({ type: 'unsupported', feature, details });
  }

  /** Records that `feature` is expressed another way, losing nothing the provider can hold. */
  compatibility(feature: string, details: string): void {
    this.warnings.push({ type: 'compatibility', feature, details });
  }

  other(message: string): void {
    this.warnings.push({ type: 'other', message });
  }
}
