import { memoByObject } from '../../../internal/memo-by-object.js';
import { sharedInitial } from '../../core/markers.js';
import type { ArgKeyValueConfig } from './arg-key-value-config.js';

/**
 * The marker lists an `ArgKeyValueParser` searches in each state, derived from its config: a pure
 * function of the config, made once per config (`argKeyValuePlan`) rather than by every parser (one
 * per parse). The closing tags are searched where they do not belong too: GLM writes them doubled,
 * stray after a name, or without their opening tag (see `ArgKeyValueParser.recoverStrayClose`).
 */
export interface ArgKeyValuePlan {
  readonly textMarkers: readonly string[];
  /** The markers that end a reasoning block as a call (`callsInReasoning`): `textMarkers`, else none. */
  readonly reasoningOpeners: readonly string[];
  readonly sectionMarkers: readonly string[];
  readonly nameMarkers: readonly string[];
  readonly betweenMarkers: readonly string[];
  readonly keyMarkers: readonly string[];
  readonly lookaheadMarkers: readonly string[];
  readonly beforeValueMarkers: readonly string[];
  readonly valueMarkers: readonly string[];
  /** What may follow a call end met in a value (`closerComesFirst`): the value's closer first. */
  readonly callEndStops: readonly string[];
  /** The first character all `valueMarkers` share, if they do (see `sharedInitial`). */
  readonly valueInitial: string | undefined;
}

/** The plan of `config`, made on first use (configs are constants of their format modules). */
export const argKeyValuePlan: (config: ArgKeyValueConfig) => ArgKeyValuePlan = memoByObject(makePlan);

function makePlan(config: ArgKeyValueConfig): ArgKeyValuePlan {
  const { callStart, callEnd, sectionStart, sectionEnd, nameEnd, keyOpen, keyClose, valueOpen, valueClose } =
    config;
  const section = sectionEnd === undefined ? [] : [sectionEnd];
  const closers = [keyClose, valueClose];
  const valueMarkers = [valueClose, keyOpen, callEnd];
  const textMarkers = sectionStart === undefined ? [callStart] : [sectionStart, callStart];
  return {
    textMarkers,
    reasoningOpeners: config.callsInReasoning ? textMarkers : [],
    sectionMarkers: [callStart, ...section],
    nameMarkers: [
      ...(nameEnd === undefined ? [] : [nameEnd]),
      keyOpen,
      callEnd,
      callStart,
      ...section,
      ...closers,
    ],
    betweenMarkers: [keyOpen, callEnd, callStart, ...section, ...closers],
    keyMarkers: [keyClose, valueOpen, callEnd, callStart, keyOpen],
    lookaheadMarkers: [...closers, keyOpen, valueOpen, callEnd, callStart, ...section],
    beforeValueMarkers: [valueOpen, keyOpen, callEnd, callStart, ...closers],
    valueMarkers,
    callEndStops: [
      valueClose,
      keyOpen,
      callEnd,
      callStart,
      ...(sectionStart === undefined ? [] : [sectionStart]),
    ],
    valueInitial: sharedInitial(valueMarkers),
  };
}
