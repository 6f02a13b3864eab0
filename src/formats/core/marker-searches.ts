import { sharedInitial } from './markers.js';

/** Markers searched together, with the first character they all share (see `sharedInitial`). */
export interface MarkerSet {
  readonly markers: readonly string[];
  readonly initial: string | undefined;
}

/** A reasoning block's open and close tags (`ReasoningTags` of the base parser). */
interface Tags {
  readonly open: string;
  readonly close: string;
}

const noMarkers: readonly string[] = [];

/**
 * The marker sets text mode searches (`BaseFormatParser.scanText`): a format's markers with the
 * reasoning tags that apply where the text is. Each is built once per `markers` array (formats pass
 * constant arrays), not on every push.
 */
export class MarkerSearches {
  private readonly textCache = new Map<readonly string[], MarkerSet>();
  private readonly strayCloseCache = new Map<readonly string[], MarkerSet>();
  private readonly reasoningCache = new Map<readonly string[], MarkerSet>();

  /** Outside reasoning: with reasoning tags, the open tag and `markers`; else `markers`. */
  text(tags: Tags | undefined, markers: readonly string[]): MarkerSet {
    let search = this.textCache.get(markers);
    if (search === undefined) {
      search = markerSet(tags ? [tags.open, ...markers] : markers);
      this.textCache.set(markers, search);
    }
    return search;
  }

  /** `text` plus the close tag of a reasoning block a call ended (it may still come, as structure). */
  strayClose(tags: Tags, markers: readonly string[]): MarkerSet {
    let search = this.strayCloseCache.get(markers);
    if (search === undefined) {
      search = markerSet([tags.open, tags.close, ...markers]);
      this.strayCloseCache.set(markers, search);
    }
    return search;
  }

  /**
   * Inside reasoning: the close tag, and the markers of calls that may start there
   * (`callsInReasoning`: `true` for `markers`, an array for those, `false` for none).
   */
  reasoning(
    tags: Tags,
    markers: readonly string[],
    callsInReasoning: boolean | readonly string[],
  ): MarkerSet {
    const key =
      callsInReasoning === false ? noMarkers : callsInReasoning === true ? markers : callsInReasoning;
    let search = this.reasoningCache.get(key);
    if (search === undefined) {
      search = markerSet([tags.close, ...key]);
      this.reasoningCache.set(key, search);
    }
    return search;
  }
}

function markerSet(markers: readonly string[]): MarkerSet {
  return { markers, initial: sharedInitial(markers) };
}
