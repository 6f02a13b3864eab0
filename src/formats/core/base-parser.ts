import type { FormatOptions } from '../format-definition.js';
import type { CallParts } from './call-parts.js';
import { HeldReasoning } from './held-reasoning.js';
import { MarkerSearches } from './marker-searches.js';
import { findEarliestMarker, heldBackLength, type MarkerMatch, noMarkerFrom } from './markers.js';
import { ParserCore } from './parser-core.js';
import type { Bucket, Cursor, ReasoningTags } from './parser-types.js';

export type { Bucket, CallParts, Cursor, ReasoningTags };

const noMarkers: readonly string[] = [];

/**
 * The base of every format parser: `ParserCore` plus text mode with reasoning blocks (`scanText`). A
 * format implements `parse(cursor)`, consuming with `take` and stopping when it needs more text;
 * whatever it leaves unconsumed is carried to the next push, so a format must consume call bodies as
 * it goes (keeping its own state) and leave only a short marker prefix behind. That keeps each push
 * proportional to its chunk.
 */
export abstract class BaseFormatParser extends ParserCore {
  constructor(options: FormatOptions | undefined, reasoningTags?: ReasoningTags) {
    super(options, reasoningTags);
    this.searches = MarkerSearches.forTags(this.reasoningTags);
    this.strayClose = false;
    this.held = undefined;
    this.matchInReasoning = false;
    this.replaying = false;
    this.heldStartText = '';
  }

  /**
   * See `FormatParser.reset`; also returns a section start held (`holdStart`) and reasoning text held
   * from a call marker on.
   */
  override reset(): string {
    const held = this.heldStartText + (this.held?.active ? this.held.take() : '');
    this.heldStartText = '';
    this.strayClose = false;
    this.matchInReasoning = false;
    this.replaying = false;
    return held + super.reset();
  }

  protected override endOfOutput(): void {
    this.replayHeld();
  }

  /**
   * The output ended inside a reasoning block held from a call marker on (see `HeldReasoning`): the
   * block never closed, so the marker opened a call. The held text is read again, the marker ending
   * the block as with `callsInReasoning`.
   */
  private replayHeld(): void {
    const held = this.held;
    if (!held?.active) return;
    const origin = held.origin;
    const text = held.take();
    this.replayTaken(text);
    // Still inside the block, known now never to close: its markers open calls at once (`scanText`).
    this.replaying = true;
    this.replayingAtFinish();
    const replay = { text, position: 0, final: true, origin };
    this.parse(replay);
    this.settle(replay);
  }

  /**
   * A section start the format read and the layout after it, held until what follows is known: markup
   * once something follows (`releaseStart`); the raw text of a call cut off right after its start when
   * the output ends there (`cutAfterStart`), not markup dropped without a word.
   */
  protected declare heldStartText: string;

  /** Takes `[cursor.position, end)`, a section start or the layout after it, into `heldStartText`. */
  protected holdStart(cursor: Cursor, end: number): void {
    this.heldStartText += this.take(cursor, end, 'call');
  }

  /** Layout after a section start: held with the start while it is held, else markup. */
  protected takeLayout(cursor: Cursor, end: number): void {
    if (this.heldStartText === '') this.take(cursor, end, 'markup');
    else this.holdStart(cursor, end);
  }

  /** The held section start is structure after all: something other than the output's end follows. */
  protected releaseStart(): void {
    this.emitTaken(this.heldStartText, 'markup');
    this.heldStartText = '';
  }

  /**
   * The output ended right after the held section start (if one is held): an invalid call whose raw
   * text it is.
   */
  protected cutAfterStart(message?: string): void {
    const start = this.heldStartText;
    if (start === '') return;
    this.heldStartText = '';
    this.cutStart(start, message);
  }

  /**
   * The output ended right after `start`, a section start (and its layout) held elsewhere: an invalid
   * call whose raw text it is, not markup dropped without a word.
   */
  protected cutStart(
    start: string,
    message = 'the output ends right after the start of the tool-call section',
  ): void {
    this.invalidCall(start, 'incomplete_tool_call', message);
  }

  /** `replayHeld` is reading the held text again. */
  private declare replaying: boolean;

  /**
   * Whether the marker `scanText` last returned was found inside a reasoning block (which it ended),
   * so that `restoreText` knows where text from it on belongs.
   */
  private declare matchInReasoning: boolean;

  /**
   * Gives back `text`, taken from the marker `scanText` last returned on (bucket `'call'` or an open
   * call's raw text, closed by the caller): a start marker mentioned in prose with no call after it.
   * It goes where the marker was found: content, or the reasoning block the marker ended, which is
   * open again.
   */
  protected restoreText(text: string): void {
    if (this.matchInReasoning) {
      this.inReasoning = true;
      this.strayClose = false;
    }
    this.emitTaken(text, this.matchInReasoning ? 'reasoning' : 'content');
  }

  /**
   * Text mode: consumes content (or reasoning) up to the earliest of `markers`, handling reasoning tags
   * on the way, and returns the match with the cursor AT the marker (not consumed). Returns `undefined`
   * when no marker is in the text: then all of it is consumed except a suffix that could start a marker
   * (on `final`, all of it). Inside reasoning, `markers` are searched too when `callsInReasoning` is set
   * (a call then ends the reasoning block, as Kimi K2 Thinking writes it); an array names the markers
   * searched inside reasoning instead (Kimi K2: its call markers, not its stray end markers). With
   * `unclosedOnly`, such a marker opens a call only if the block never closes (see `HeldReasoning`).
   */
  protected scanText(
    cursor: Cursor,
    markers: readonly string[],
    callsInReasoning: boolean | readonly string[] = false,
    unclosedOnly = false,
  ): MarkerMatch | undefined {
    const tags = this.reasoningTags;
    for (;;) {
      if (tags && this.inReasoning) {
        if (this.held?.active) {
          if (!this.holdToClose(cursor, tags, this.held)) return undefined;
          continue;
        }
        const search = this.searches.reasoning(tags, markers, callsInReasoning);
        if (noMarkerFrom(cursor.text, cursor.position, search.initial)) {
          // The usual streamed chunk: no marker can start in it (one pass over it, no search).
          this.take(cursor, cursor.text.length, 'reasoning');
          return undefined;
        }
        const searched = search.markers;
        const match = findEarliestMarker(cursor.text, cursor.position, searched);
        if (!match) {
          this.takeAllBut(cursor, searched, 'reasoning');
          return undefined;
        }
        this.take(cursor, match.index, 'reasoning');
        if (match.marker === tags.close) {
          this.take(cursor, match.index + tags.close.length, this.reasoningTagBucket);
          this.inReasoning = false;
          continue;
        }
        this.matchInReasoning = true;
        if (unclosedOnly && !this.replaying) {
          this.held ??= new HeldReasoning();
          this.held.start(this.inputOffset(cursor) + match.index);
          continue;
        }
        this.inReasoning = false;
        // A call ended the block (`callsInReasoning`): its close tag may still come, as structure.
        this.strayClose = true;
        return match;
      }
      const search =
        tags && this.strayClose ? this.searches.strayClose(tags, markers) : this.searches.text(markers);
      if (noMarkerFrom(cursor.text, cursor.position, search.initial)) {
        this.take(cursor, cursor.text.length, 'content');
        return undefined;
      }
      const searched = search.markers;
      const match = findEarliestMarker(cursor.text, cursor.position, searched);
      if (!match) {
        this.takeAllBut(cursor, searched, 'content');
        return undefined;
      }
      this.take(cursor, match.index, 'content');
      if (tags && match.marker === tags.open) {
        this.take(cursor, match.index + tags.open.length, this.reasoningTagBucket);
        this.inReasoning = true;
        this.strayClose = false;
        continue;
      }
      if (tags && this.strayClose && match.marker === tags.close) {
        this.take(cursor, match.index + tags.close.length, this.reasoningTagBucket);
        this.strayClose = false;
        continue;
      }
      this.matchInReasoning = false;
      return match;
    }
  }

  /**
   * Holds reasoning text (`HeldReasoning`) up to the block's close tag; true when it came: the held
   * text was reasoning after all, and the block is closed.
   */
  private holdToClose(cursor: Cursor, tags: ReasoningTags, held: HeldReasoning): boolean {
    const close = this.searches.reasoning(tags, noMarkers, false).markers;
    const text = cursor.text;
    const match = findEarliestMarker(text, cursor.position, close);
    const keep = match || cursor.final ? 0 : heldBackLength(text, cursor.position, close);
    held.append(this.take(cursor, match ? match.index : text.length - keep, 'call'));
    if (!match) return false;
    this.emitTaken(held.take(), 'reasoning');
    this.take(cursor, match.index + tags.close.length, this.reasoningTagBucket);
    this.inReasoning = false;
    return true;
  }

  /** Text held from a call marker in reasoning (`scanText` with `unclosedOnly`); made on first use. */
  private declare held: HeldReasoning | undefined;

  /**
   * A reasoning block that a call ended (`callsInReasoning`) may still be closed after the call: its
   * close tag, the first one in text, is structure like the open tag, not content.
   */
  private declare strayClose: boolean;

  /** The marker sets `scanText` searches, built once each and shared by parsers with the same tags. */
  private declare readonly searches: MarkerSearches;
}
