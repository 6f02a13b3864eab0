import { memoByObject } from '../../../internal/memo-by-object.js';
import { sharedInitial } from '../../core/markers.js';
import { type CallKeys, callKeys } from './call-object.js';
import { fenceMark } from './opens-json.js';
import type { TaggedJsonConfig } from './tagged-json-config.js';

const none: readonly string[] = [];

/**
 * What a `TaggedJsonParser` derives from its config: a pure function of the config, made once per
 * config (`taggedJsonPlan`) rather than by every parser (one per parse).
 */
export interface TaggedJsonPlan {
  /** What text mode searches for: start markers, then dropped markers. */
  readonly textMarkers: readonly string[];
  /**
   * What ends the text after a start marker that opens no JSON body (`proseMentions`): end markers
   * (then it was a call), and whatever text mode reacts to (then it was prose).
   */
  readonly proseStops: readonly string[];
  /** The markers that end a reasoning block as a call (`callsInReasoning`), else none. */
  readonly reasoningOpeners: readonly string[];
  /**
   * The first character all end markers share (`<` of `</tool_call>`), `''` with no end markers,
   * `undefined` when they differ: a streamed piece without it holds no end marker and no prefix of one,
   * which one `indexOf` tells (see `TaggedJsonParser.scanJson`).
   */
  readonly endInitial: string | undefined;
  /** Where a call object keeps its parts. */
  readonly keys: CallKeys;
  /** What in an array section is structure besides punctuation: markers and fence lines. */
  readonly structureMarkers: readonly string[];
}

/** The plan of `config`, made on first use (configs are constants of their format modules). */
export const taggedJsonPlan: (config: TaggedJsonConfig) => TaggedJsonPlan = memoByObject(makePlan);

function makePlan(config: TaggedJsonConfig): TaggedJsonPlan {
  return {
    textMarkers: [...config.start, ...(config.dropMarkers ?? none)],
    reasoningOpeners: config.callsInReasoning ? config.start : none,
    proseStops: [
      ...config.end,
      ...config.start,
      ...(config.dropMarkers ?? none),
      ...(config.reasoning ? [config.reasoning.open, config.reasoning.close] : none),
    ],
    endInitial: sharedInitial(config.end),
    keys: callKeys(config),
    structureMarkers: [...config.start, ...config.end, `${fenceMark}json`, fenceMark],
  };
}
