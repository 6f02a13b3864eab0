import type { FormatDefinition } from './format-definition.js';

/**
 * The definitions whose parsers align arguments with `schemaAlignment` when the options give no `align`
 * (the registry's, and those `parseToolCalls` wraps): kept apart from the wrapper so that `parseWith`
 * can tell them from a definition imported by name without bringing schema alignment into its bundle.
 */
export const alignsByDefault: WeakSet<FormatDefinition> = new WeakSet();
