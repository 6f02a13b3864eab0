import type { ParseEvent } from '../../types/parse-event.js';

/**
 * The `tool-input-delta` events that carry a call's whole argument text as `JSON.stringify` wrote it
 * (the summary delta of a format that does not stream arguments): complete JSON by construction, so
 * the stream's argument tracker need not scan them (a 1 MB call's arguments would be scanned once more
 * for nothing). Weakly held: the events belong to the caller.
 */
export const completeArgumentDeltas = new WeakSet<ParseEvent>();
