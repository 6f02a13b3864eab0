import type { ContentMode } from '../formats/core/content-shaper.js';

/** The `FormatOptions` the parse command takes as flags. */
export interface ParserFlags {
  readonly reasoning?: 'split' | 'content' | 'inline';
  readonly reasoningStartedInPrompt?: boolean;
  readonly allowUnknownTools?: boolean;
  readonly allowInvalidArguments?: boolean;
  readonly glmShorthand?: boolean;
  readonly content?: ContentMode;
}
