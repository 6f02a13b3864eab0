// The types a format's `parse` works with (`BaseFormatParser` re-exports them).

/**
 * The text a parser is working on during one `push` or `finish`: the held-back tail of the previous
 * push followed by the new chunk. `position` only moves forward, through `BaseFormatParser.take`.
 */
export interface Cursor {
  readonly text: string;
  position: number;
  /** No more text will come: `finish()` is running. */
  readonly final: boolean;
  /**
   * For a cursor a format made itself (over text it carried or replays): the input offset of
   * `text[0]`, read only by the debug span record (`BaseFormatParser.recordSpans`).
   */
  readonly origin?: number;
}

/** Where consumed text goes: content, reasoning, dropped structure (markers), or the open call's body. */
export type Bucket = 'content' | 'reasoning' | 'markup' | 'call';

/** A reasoning block's tags, e.g. `<think>` / `</think>`. */
export interface ReasoningTags {
  readonly open: string;
  readonly close: string;
}
