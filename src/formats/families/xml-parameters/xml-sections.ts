import { skipWhitespace } from '../../../internal/whitespace.js';
import type { Bucket, Cursor } from '../../core/base-parser.js';
import { consumableEnd, findEarliestMarker } from '../../core/markers.js';
import { SectionCallsParser } from '../../core/section-calls-parser.js';
import { longestMarkerAt, startsLongerMarker } from '../../core/starting-marker.js';
import type { FormatOptions } from '../../format-definition.js';
import { CallDraft } from './call-draft.js';
import { sectionJsonCall } from './section-json-call.js';
import { missingMarker, strayEndFollower } from './tag-repairs.js';
import type { XmlParametersConfig } from './xml-parameters-config.js';
import { type XmlParametersPlan, xmlParametersPlan } from './xml-parameters-plan.js';

/** The states of `XmlParametersParser`: text and sections here, calls and parameters there. */
export type XmlState =
  | 'text'
  | 'section'
  | 'section-garbage'
  | 'call-header'
  | 'call-body'
  | 'parameter-header'
  | 'value'
  | 'value-closed'
  | 'cdata';

/**
 * Text mode and call sections of the XML-parameters family (`XmlParametersParser` reads the calls in
 * them): content and reasoning up to a section start or a bare call start, whitespace and separators
 * between calls, and text in a section that is no call tag (an invalid call, a Hermes-style JSON call,
 * or with `proseMentions` a section start mentioned in prose).
 */
export abstract class XmlSectionsParser extends SectionCallsParser {
  protected state: XmlState = 'text';
  /** The open call: what it has read, and the call it makes at its end. */
  protected readonly call = new CallDraft();
  /** The marker lists of the config (see `XmlParametersPlan`). */
  protected readonly plan: XmlParametersPlan;

  constructor(
    protected readonly config: XmlParametersConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.plan = xmlParametersPlan(config);
  }

  /** See `FormatParser.reset`; also returns whitespace held between structural tags. */
  override reset(): string {
    const held = this.takeHeldInvalid() + this.opener + this.heldStart + this.pending.join('');
    return held + super.reset();
  }

  /** Back to text mode, nothing held (for `onReset`). */
  protected resetSections(): void {
    this.state = 'text';
    this.implicitSection = false;
    this.closersAreText = false;
    this.pending = [];
    this.opener = '';
    this.heldStart = '';
  }

  /** Clears the open call's state. */
  protected abstract resetCall(): void;

  /** The open section was not written (a bare call opened it). */
  private implicitSection = false;

  /**
   * Whitespace (and separators, see `holdSeparator`) read in a section, routed once the next thing is
   * known: markup before a tag in a written section, content between bare calls, the call's raw text
   * before loose text.
   */
  private pending: string[] = [];

  /**
   * A section start taken while what follows it is undecided (`proseMentions`): markup once a call
   * or the section's end follows, text again when the marker turns out to be mentioned in prose.
   */
  private opener = '';

  /**
   * A written section start in a format without prose mentions, held (as `opener` is) until what
   * follows it is known: markup before a call or the section's end; the raw text of a cut-off call
   * when the output ends right after it (never dropped).
   */
  private heldStart = '';

  /** Moves a written section's held start (and layout) to `wrap`, before the section's first call. */
  private wrapFirstCall(): boolean {
    const start = this.opener + this.heldStart;
    if (start === '') return false;
    this.wrapCall(start + this.pending.join(''));
    this.opener = '';
    this.heldStart = '';
    this.pending = [];
    return true;
  }

  /** Content and reasoning up to a section start (or a bare call start). */
  protected stepText(cursor: Cursor): boolean {
    this.releaseInvalid('');
    const match = this.scanText(cursor, this.plan.textMarkers, this.plan.reasoningOpeners, true);
    if (!match) return false;
    const end = match.index + match.marker.length;
    if (this.plan.openerMentions.includes(match.marker)) {
      this.take(cursor, end, 'content');
      this.closersAreText = true;
    } else if (this.plan.strayClosers.includes(match.marker))
      this.take(cursor, end, this.closersAreText ? 'content' : 'markup');
    else if (!this.config.sectionEnd.includes(match.marker)) this.openSection(cursor, match.marker);
    else {
      // A section end outside a section: structure right before a bare call (the model opened the
      // section only in its mind), else text.
      const next = strayEndFollower(cursor.text, end, this.config.callStart, cursor.final);
      if (next === undefined) return false;
      this.take(cursor, end, next ? 'markup' : 'content');
    }
    return true;
  }

  /**
   * A call or parameter start was met as text since the last section (a block of the wrong dialect,
   * such as V3.2's in V4 output, stays content): its closers are text too (`dropStrayClosers`).
   */
  private closersAreText = false;

  /** At a section start (consumed as markup) or a bare call start (left for the section state). */
  private openSection(cursor: Cursor, marker: string): void {
    this.state = 'section';
    this.closersAreText = false;
    if (marker === this.config.callStart) {
      this.implicitSection = true;
      return;
    }
    this.implicitSection = false;
    const end = cursor.position + marker.length;
    if (this.config.proseMentions) this.opener = this.take(cursor, end, 'call');
    else this.heldStart = this.take(cursor, end, 'call');
  }

  /** Between calls inside a section: whitespace, separators, the next call or the section's end. */
  protected stepSection(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    this.hold(cursor, position);
    if (position === text.length) {
      if (cursor.final) this.releaseInvalid('');
      if (cursor.final && (this.opener !== '' || this.heldStart !== '')) this.cutAfterSectionStart();
      else if (cursor.final) {
        this.routePending(this.implicitSection ? 'content' : 'markup');
        this.state = 'text';
      }
      return false;
    }
    const marker = longestMarkerAt(text, position, this.plan.sectionMarkers);
    if (this.holdsInvalid) {
      if (marker !== undefined && this.config.sectionEnd.includes(marker)) {
        // The section held only the invalid call: its end joins the call's raw text.
        const suffix = this.pending.join('') + this.take(cursor, position + marker.length, 'call');
        this.pending = [];
        this.releaseInvalid(suffix);
        this.state = 'text';
        return true;
      }
      if (!cursor.final && startsLongerMarker(text, position, marker, this.plan.sectionMarkers)) return false;
      if (this.holdSeparator(cursor, position, marker)) return true;
      this.releaseInvalid(undefined);
    }
    if (marker === this.config.callStart) {
      if (this.implicitSection || !this.wrapFirstCall())
        this.routePending(this.implicitSection ? 'content' : 'markup');
      this.beginCall();
      this.take(cursor, position + marker.length, 'call');
      this.resetCall();
      if (this.implicitSection && this.config.sectionStart.length > 0) {
        // A bare call in a format that wraps its calls: the opener was left out (ollama #16686).
        this.call.repairs.push(missingMarker('missing_section_start', this.config.sectionStart[0], 0));
      }
      this.state = 'call-header';
      return true;
    }
    if ((this.opener !== '' || this.heldStart !== '') && this.holdSeparator(cursor, position, marker))
      return true;
    if (marker !== undefined) {
      this.routePending('markup');
      this.take(cursor, position + marker.length, 'markup');
      if (this.config.sectionEnd.includes(marker)) {
        this.state = 'text';
      } else if (this.config.sectionStart.includes(marker)) this.implicitSection = false;
      return true;
    }
    if (!cursor.final && startsLongerMarker(text, position, undefined, this.plan.sectionMarkers))
      return false;
    if (cursor.final && !this.implicitSection && this.cutSectionEnd(text, position)) {
      // The output ended inside the section's end marker (`</minimax:tool`): structure cut short by
      // the token limit, not text of a call.
      this.routePending('markup');
      this.take(cursor, text.length, 'markup');
      this.state = 'text';
      return false;
    }
    if (this.implicitSection) {
      // Text after a bare call: back to ordinary content.
      this.routePending('content');
      this.state = 'text';
      return true;
    }
    // Text inside a written section that is not a call tag: an invalid call (or a JSON call).
    this.beginCall();
    this.routePending('call');
    this.call.loose = [];
    this.state = 'section-garbage';
    return true;
  }

  protected stepGarbage(cursor: Cursor): boolean {
    const markers = this.opener === '' ? this.plan.garbageStops : this.plan.proseStops;
    const match = findEarliestMarker(cursor.text, cursor.position, markers);
    if (!match) {
      const end = consumableEnd(cursor.text, cursor.position, markers, undefined, cursor.final);
      this.call.loose.push(this.take(cursor, end, 'call'));
      if (!cursor.final) return false;
    } else {
      this.call.loose.push(this.take(cursor, match.index, 'call'));
    }
    const closed = match !== undefined && this.config.sectionEnd.includes(match.marker);
    if (this.opener !== '' && !closed && this.mentionedInProse(match === undefined)) {
      this.state = 'text';
      return match !== undefined;
    }
    this.endGarbage(match === undefined);
    this.state = match ? 'section' : 'text';
    return match !== undefined;
  }

  /**
   * Text right after a section start that is no call and that no section end closes (`proseMentions`):
   * unless it is a JSON call (see `endGarbage`) or was cut off by the token limit, the marker was
   * mentioned in prose, and it and the text go back where the marker was (`restoreText`). Whether it was.
   */
  private mentionedInProse(atEnd: boolean): boolean {
    if (atEnd && this.options.finishReason === 'length') return false;
    const body = this.call.loose.join('');
    if (body.trimStart().startsWith('{')) return false;
    const opener = this.opener;
    this.opener = '';
    this.call.loose = [];
    this.restoreText(opener + this.closeCallRaw());
    return true;
  }

  /**
   * Ends text found inside a section: a Hermes-style JSON call if it is one, else an invalid call. With
   * `atEnd` (the output ended inside the section) the JSON must be complete, else the call was cut off.
   */
  private endGarbage(atEnd: boolean): void {
    const body = this.call.loose.join('');
    this.call.loose = [];
    const raw = this.closeCallRaw();
    // The text opened its section: the start is markup before a call, part of an invalid one's raw.
    this.wrapFirstCall();
    const read = sectionJsonCall(body, raw, atEnd);
    if ('parts' in read) this.endCall(read.parts, raw);
    else this.invalidCall(raw, read.code, read.message, read.name);
    if (atEnd) this.releaseInvalid('');
  }

  /** Whether the text from `position` to its end is the start of a section end marker, cut short. */
  private cutSectionEnd(text: string, position: number): boolean {
    const rest = text.slice(position);
    return this.config.sectionEnd.some((end) => end.length > rest.length && end.startsWith(rest));
  }

  /** The section start held by `openSection` is structure after all (it was taken before the rest). */
  private releaseOpener(): void {
    const start = this.opener + this.heldStart;
    if (start === '') return;
    this.emitTaken(start, 'markup');
    this.opener = '';
    this.heldStart = '';
  }

  /**
   * The output ended right after a written section start (and whitespace): a call the model began and
   * did not write, an invalid call whose raw text is that start, not markup dropped without a word.
   */
  private cutAfterSectionStart(): void {
    const start = this.opener + this.heldStart;
    this.opener = '';
    this.heldStart = '';
    this.beginCall();
    this.appendRaw(start);
    this.routePending('call');
    this.invalidCall(
      this.closeCallRaw(),
      'incomplete_tool_call',
      'the output ends right after the start of the tool-call section',
    );
    this.state = 'text';
  }

  /**
   * A separator (Step-3's per-call tokens) between a section's start and its first call, or between
   * a held invalid call and what follows: held with the layout (`pending`), so that it joins the
   * call's raw text when the section holds only that call, and is markup otherwise. Whether it was one.
   */
  private holdSeparator(cursor: Cursor, position: number, marker: string | undefined): boolean {
    if (marker === undefined || !this.config.separators?.includes(marker)) return false;
    this.pending.push(this.take(cursor, position + marker.length, 'call'));
    return true;
  }

  /** Consumes up to `end` into this parser's own pending whitespace. */
  private hold(cursor: Cursor, end: number): void {
    if (end <= cursor.position) return;
    this.pending.push(this.take(cursor, end, 'call'));
  }

  /** Routes the held whitespace to `bucket` (`'call'`: into the open call's raw text). */
  private routePending(bucket: Bucket): void {
    if (bucket !== 'call') this.releaseOpener();
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    if (bucket === 'call') this.appendRaw(text);
    else this.emitTaken(text, bucket);
  }
}
