import type { ParseEvent } from '../../types/parse-event.js';
import type { ContentShaper } from './content-shaper.js';

/**
 * The events of one `push` / `finish` of a format parser, in order. Consecutive text (or reasoning)
 * pieces are held and sent as one delta, flushed when other text or an event that must follow them
 * comes (`flush`), so a chunk that is all content gives one `text-delta`, however many times the
 * format took from it. `add` appends an event without flushing: a `tool-input-*` event may go before
 * text still held. `take` hands the batch over, reshaped by `FormatOptions.content` (`ContentShaper`).
 */
export class EventQueue {
  /**
   * Made by the first event of a push (`[event]`, sized for it): most streamed pushes emit one event,
   * and an array grown by `push` from empty reserves 17 slots.
   */
  private events: ParseEvent[] | undefined = undefined;
  private pendingContent = '';
  private pendingReasoning = '';

  /** @param shaper `FormatOptions.content` other than `"verbatim"`; `undefined`: events as they are. */
  constructor(private readonly shaper: ContentShaper | undefined) {}

  /** Content text: held, joined with the content text right before it. */
  content(piece: string): void {
    if (this.pendingReasoning !== '') this.flush();
    this.pendingContent += piece;
  }

  /** Reasoning text: held, joined with the reasoning text right before it. */
  reasoning(piece: string): void {
    if (this.pendingContent !== '') this.flush();
    this.pendingReasoning += piece;
  }

  /** Appends `event` after the events so far, before any text still held. */
  add(event: ParseEvent): void {
    if (this.events === undefined) this.events = [event];
    else this.events.push(event);
  }

  /** Sends the held text, as a `text-delta` or `reasoning-delta`. */
  flush(): void {
    if (this.pendingContent !== '') {
      this.add({ type: 'text-delta', delta: this.pendingContent });
      this.pendingContent = '';
    }
    if (this.pendingReasoning !== '') {
      this.add({ type: 'reasoning-delta', delta: this.pendingReasoning });
      this.pendingReasoning = '';
    }
  }

  /** Every event so far, the held text last, and starts empty; `final`: the turn ended (`finish`). */
  take(final: boolean): ParseEvent[] {
    this.flush();
    const events = this.events ?? [];
    this.events = undefined;
    return this.shaper ? this.shaper.shape(events, final) : events;
  }

  /** Drops everything, for a new turn. */
  clear(): void {
    this.events = undefined;
    this.pendingContent = '';
    this.pendingReasoning = '';
    this.shaper?.reset();
  }
}
