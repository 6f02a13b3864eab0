import { memoByObject } from '../../../internal/memo-by-object.js';
import { sharedInitial } from '../../core/markers.js';
import type { XmlParametersConfig } from './xml-parameters-config.js';

/** The opening of a CDATA section, a value marker with `config.cdata`. */
export const cdataStart = '<![CDATA[';

const none: readonly string[] = [];

/**
 * The marker lists an `XmlParametersParser` searches in each state, derived from its config: a pure
 * function of the config, made once per config (`xmlParametersPlan`) rather than by every parser
 * (one per parse).
 */
export interface XmlParametersPlan {
  /** What opens a section in text mode: section starts, and the call start with `bareCalls`. */
  readonly openers: readonly string[];
  /** What text mode looks for: the openers, and closers that may be stray (`dropStrayClosers`, `bareCalls`). */
  readonly textMarkers: readonly string[];
  /** Closers dropped as markup where text mode meets them (`dropStrayClosers`; see `closersAreText`). */
  readonly strayClosers: readonly string[];
  /** Call and parameter starts text mode notes as content (`dropStrayClosers`, no `bareCalls`). */
  readonly openerMentions: readonly string[];
  /** The markers that end a reasoning block as a call (`callsInReasoning`); see `scanText`. */
  readonly reasoningOpeners: readonly string[];
  readonly sectionMarkers: readonly string[];
  /** What ends text inside a section that is not a call tag: call and section starts, section ends. */
  readonly garbageStops: readonly string[];
  /**
   * The same right after a section start held for `proseMentions`: also whatever text mode reacts
   * to (reasoning tags included), so that text given back holds none of it.
   */
  readonly proseStops: readonly string[];
  readonly bodyMarkers: readonly string[];
  readonly valueMarkers: readonly string[];
  /** The first character all `valueMarkers` share, if they do (see `sharedInitial`). */
  readonly valueInitial: string | undefined;
  readonly valueFollowers: readonly string[];
  /** What may follow a call start inside a value (`closerComesFirst`): the value's closer first. */
  readonly callStartStops: readonly string[];
  /**
   * What may follow a call end inside a value (`closerComesFirst`): the value's closer first. Not the
   * section end: a section end in a value is data (`Close it with </tool_call>.`).
   */
  readonly callEndStops: readonly string[];
  /** The call start ends with `=` (the name follows as an attribute value). */
  readonly callEquals: boolean;
  /** The parameter start ends with `=` (the key follows as an attribute value). */
  readonly parameterEquals: boolean;
}

/** The plan of `config`, made on first use (configs are constants of their format modules). */
export const xmlParametersPlan: (config: XmlParametersConfig) => XmlParametersPlan = memoByObject(makePlan);

function makePlan(config: XmlParametersConfig): XmlParametersPlan {
  const { sectionStart, sectionEnd, callStart, callEnd, parameterStart, parameterEnd } = config;
  const separators = config.separators ?? none;
  const valueMarkers = [
    parameterEnd,
    ...(config.cdata ? [cdataStart] : none),
    ...(config.implicitParameterEnd === true ? [parameterStart, callEnd, callStart] : none),
    ...(config.implicitParameterEnd === 'parameter' ? [parameterStart] : none),
  ];
  const openers = config.bareCalls ? [...sectionStart, callStart] : sectionStart;
  const strayClosers = config.dropStrayClosers ? [...sectionEnd, callEnd, parameterEnd] : none;
  const openerMentions = config.dropStrayClosers && !config.bareCalls ? [callStart, parameterStart] : none;
  // With bare calls, a section end may stand before one (see `strayEndFollower`).
  const maybeStray = config.bareCalls && !config.dropStrayClosers ? sectionEnd : none;
  const textMarkers = [...openers, ...strayClosers, ...maybeStray, ...openerMentions];
  const garbageStops = [callStart, ...sectionEnd, ...sectionStart];
  const reasoningTags = config.reasoning ? [config.reasoning.open, config.reasoning.close] : none;
  return {
    openers,
    textMarkers,
    strayClosers,
    openerMentions,
    reasoningOpeners: config.callsInReasoning ? sectionStart : none,
    sectionMarkers: [callStart, ...sectionEnd, ...separators, ...sectionStart],
    garbageStops,
    proseStops: [...new Set([...garbageStops, ...textMarkers, ...reasoningTags])],
    bodyMarkers: [parameterStart, callEnd, ...sectionEnd, callStart, ...sectionStart],
    valueMarkers,
    valueInitial: sharedInitial(valueMarkers),
    valueFollowers: [parameterStart, callEnd, ...sectionEnd, callStart, ...separators],
    callStartStops: [parameterEnd, parameterStart, callEnd, callStart, ...sectionEnd, ...sectionStart],
    callEndStops: [parameterEnd, parameterStart, callEnd, callStart, ...sectionStart],
    callEquals: callStart.endsWith('='),
    parameterEquals: parameterStart.endsWith('='),
  };
}
