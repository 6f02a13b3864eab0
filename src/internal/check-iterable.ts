import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from './describe-value.js';

/**
 * Checks that `value` can be iterated as a list of events or chunks (an array, a generator, ...) before
 * a converter walks it. A string is refused: it iterates, but as characters.
 *
 * @throws {ToolwireError} (code `invalid_argument`) otherwise, naming `caller`.
 */
export function checkIterable(value: unknown, caller: string): void {
  if (typeof value === 'string')
    throw new ToolwireError('invalid_argument', `${caller}() takes an iterable of objects, got a string`);
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function'
  )
    throw new ToolwireError('invalid_argument', `${caller}() takes an iterable, got ${describe(value)}`);
}
