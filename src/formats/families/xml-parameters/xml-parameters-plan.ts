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
  /** The markers that end a reasoning block as a call (`callsInReasoning`); see `scanText`. */
  readonly reasoningOpeners: readonly string[];
  readonly sectionMarkers: readonly string[];
  readonly bodyMarkers: readonly string[];
  readonly valueMarkers: readonly string[];
  /** The first character all `valueMarkers` share, if they do (see `sharedInitial`). */
  readonly valueInitial: string | undefined;
  readonly valueFollowers: readonly string[];
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
    ...(config.implicitParameterEnd ? [parameterStart, callEnd, callStart] : none),
  ];
  return {
    openers: config.bareCalls ? [...sectionStart, callStart] : sectionStart,
    reasoningOpeners: config.callsInReasoning ? sectionStart : none,
    sectionMarkers: [callStart, ...sectionEnd, ...separators, ...sectionStart],
    bodyMarkers: [parameterStart, callEnd, ...sectionEnd, callStart, ...sectionStart],
    valueMarkers,
    valueInitial: sharedInitial(valueMarkers),
    valueFollowers: [parameterStart, callEnd, ...sectionEnd, callStart, ...separators],
    callEquals: callStart.endsWith('='),
    parameterEquals: parameterStart.endsWith('='),
  };
}
