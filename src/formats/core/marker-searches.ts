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
 * reasoning tags that apply where the text is. Each set is a pure function of the tags and the
 * `markers` array, so one `MarkerSearches` serves every parser with the same tags object (`forTags`)
 * and each set is built once per `markers` array (formats pass constant arrays), not once per parse.
 * The caches are weak: a format that made its arrays per parser leaves nothing behind.
 */
export class MarkerSearches {
  private readonly textCache = new WeakMap<readonly string[], MarkerSet>();
  private readonly strayCloseCache = new WeakMap<readonly string[], MarkerSet>();
  private readonly reasoningCache = new WeakMap<readonly string[], MarkerSet>();
  /** The last `text` answer: a parse asks for one array many times in a row. */
  private lastMarkers: readonly string[] | undefined;
  private lastText: MarkerSet | undefined;

  private constructor(private readonly tags: Tags | undefined) {}

  private static readonly untagged = new MarkerSearches(undefined);

  /** The shared instance for `tags` (`undefined`: a parser without reasoning tags). */
  static forTags(tags: Tags | undefined): MarkerSearches {
    if (tags === undefined) return MarkerSearches.untagged;
    let searches = byTags.get(tags);
    if (searches === undefined) {
      searches = new MarkerSearches(tags);
      byTags.set(tags, searches);
    }
    return searches;
  }

  /** Outside reasoning: with reasoning tags, the open tag and `markers`; else `markers`. */
  text(markers: readonly string[]): MarkerSet {
    if (markers === this.lastMarkers) return this.lastText as MarkerSet;
    let search = this.textCache.get(markers);
    if (search === undefined) {
      const tags = this.tags;
      search = markerSet(tags ? [tags.open, ...markers] : markers);
      this.textCache.set(markers, search);
    }
    this.lastMarkers = markers;
    this.lastText = search;
    return search;
  }

  /** `text` plus the close tag of a reasoning block a call ended (it may still come, as structure). */
  strayClose(tags: Tags, markers: readonly string[]): MarkerSet {
    let search = this.strayCloseCache.get(markers);
    if (search === undefined) {
      // `tags` is this instance's tags (`forTags`): the parser passes them narrowed to defined.
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
      // As in `strayClose`, `tags` is this instance's tags.
      search = markerSet([tags.close, ...key]);
      this.reasoningCache.set(key, search);
    }
    return search;
  }
}

const byTags = new WeakMap<Tags, MarkerSearches>();

function markerSet(markers: readonly string[]): MarkerSet {
  return { markers, initial: sharedInitial(markers) };
}
