import type { ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';
import { BaseFormatParser } from './base-parser.js';

/** An invalid call held back by `SectionCallsParser` (see `heldInvalid`). */
interface HeldInvalid {
  readonly id: string;
  readonly name: string | undefined;
  /** The section's start (`prefix` code units) and the call's raw text. */
  readonly raw: string;
  readonly issues: ToolCallIssue[];
  readonly repairs: readonly ToolCallRepair[] | undefined;
  readonly prefix: number;
}

/**
 * The base of formats that wrap calls in written sections (`<tool_call>…</tool_call>` around XML
 * calls): a call's raw text is its own, but an invalid call that is all its section holds keeps the
 * section's markers in its raw text, as Hermes' calls do. A caller that gives an invalid call back as
 * text (the gateway returns it as content) then gives back exactly what the model wrote, markers
 * included, instead of the call without them.
 *
 * The format hands the section's start (and the layout after it) to `wrapCall` before the section's
 * first call, text it took with bucket `'call'` while no call was open. A valid call sends it to
 * markup; an invalid one is held with it until the format knows what follows (`releaseInvalid`): the
 * section's end (joined to the raw text), the end of the output, or more of the section (the start is
 * markup again, the raw text the call's own).
 */
export abstract class SectionCallsParser extends BaseFormatParser {
  /** The section start given to `wrapCall`, until the call it precedes ends. */
  private wrap = '';
  /** An invalid call that opened its section, held until what follows it is known. */
  private heldInvalid: HeldInvalid | undefined;

  /**
   * For formats that route a section's start themselves: the start while the section holds nothing
   * else yet, and the layout after it or after a held invalid call, taken as call text (bucket
   * `'call'`) until `releaseHeld` or `wrapCall` routes them.
   */
  protected sectionStart = '';
  protected sectionLayout: string[] = [];

  /** See `FormatParser.reset`; also returns the section text held (see `sectionStart`, `wrapCall`). */
  override reset(): string {
    const held = this.takeHeldInvalid() + this.sectionStart + this.sectionLayout.join('') + this.wrap;
    this.sectionStart = '';
    this.sectionLayout = [];
    this.wrap = '';
    return held + super.reset();
  }

  /** A call begins: an invalid call still held shared its section with it (its raw text is its own). */
  protected override beginCall(): void {
    this.releaseInvalid(undefined);
    super.beginCall();
  }

  /**
   * Routes what the section held: a held invalid call (with `suffix`, see `releaseInvalid`), then
   * `sectionStart` and `sectionLayout` as markup.
   */
  protected releaseHeld(suffix: string | undefined): void {
    this.releaseInvalid(suffix);
    const held = this.sectionStart + this.sectionLayout.join('');
    this.sectionStart = '';
    this.sectionLayout = [];
    this.emitTaken(held, 'markup');
  }

  /** The section's first call begins: `sectionStart` and its layout come before its raw text. */
  protected wrapSectionStart(): void {
    if (this.sectionStart === '') return;
    this.wrapCall(this.sectionStart + this.sectionLayout.join(''));
    this.sectionStart = '';
    this.sectionLayout = [];
  }

  /** The next call to open is its section's first: `start` (taken earlier) comes before its raw text. */
  protected wrapCall(start: string): void {
    this.wrap = start;
  }

  /** An invalid call waits for `releaseInvalid`. */
  protected get holdsInvalid(): boolean {
    return this.heldInvalid !== undefined;
  }

  /** Drops the held invalid call and returns its raw text (for `reset`), `''` when none is held. */
  protected takeHeldInvalid(): string {
    const raw = this.heldInvalid?.raw ?? '';
    this.heldInvalid = undefined;
    return raw;
  }

  protected override callEmitting(): void {
    if (this.wrap === '') return;
    this.emitTaken(this.wrap, 'markup');
    this.wrap = '';
  }

  protected override emitInvalidIssues(...call: Parameters<BaseFormatParser['emitInvalidIssues']>): void {
    const wrap = this.wrap;
    if (wrap === '') {
      super.emitInvalidIssues(...call);
      return;
    }
    this.wrap = '';
    const [id, name, raw, issues, repairs] = call;
    this.heldInvalid = { id, name, raw: wrap + raw, issues, repairs, prefix: wrap.length };
  }

  /**
   * Emits the held invalid call, if any: its raw text with `suffix` after it (the layout and section
   * end that followed, or `''` at the end of the output: the section held nothing else); with
   * `undefined` (the section goes on), its section's start is markup again and its raw text is the
   * call's own. Repair positions follow the raw text.
   */
  protected releaseInvalid(suffix: string | undefined): void {
    const held = this.heldInvalid;
    if (held === undefined) return;
    this.heldInvalid = undefined;
    let { raw, repairs } = held;
    if (suffix === undefined) {
      this.emitTaken(raw.slice(0, held.prefix), 'markup');
      raw = raw.slice(held.prefix);
    } else {
      raw += suffix;
      repairs = repairs?.map((repair) =>
        repair.position === undefined ? repair : { ...repair, position: repair.position + held.prefix },
      );
    }
    super.emitInvalidIssues(held.id, held.name, raw, held.issues, repairs);
  }

  /** The output is read: an invalid call still held ends it (its section held nothing else). */
  protected override outputRead(): void {
    this.releaseInvalid('');
  }
}
