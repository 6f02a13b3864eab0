import { memoByObject } from '../../../internal/memo-by-object.js';
import type { CallObjectKeys } from '../../core/call-object-parts.js';
import { sharedInitial } from '../../core/markers.js';
import type { NamedJsonConfig } from './named-json-config.js';

const none: readonly string[] = [];
const defaultNameKeys: readonly string[] = ['name'];
const defaultIdKeys: readonly string[] = ['id'];
const defaultArgumentKeys: readonly string[] = ['arguments', 'parameters'];

/**
 * The marker lists a `NamedJsonParser` searches in each state, derived from its config: a pure
 * function of the config, made once per config (`namedJsonPlan`) rather than by every parser (one
 * per parse), so the constructor stays small and the lists are the same arrays parse after parse.
 */
export interface NamedJsonPlan {
  /** Text mode: section starts, call starts, dropped markers. */
  readonly textMarkers: readonly string[];
  /** The markers that end a reasoning block as a call (`callsInReasoning`): section and call starts. */
  readonly reasoningOpeners: readonly string[];
  /** Inside a section between calls: section ends, call starts. */
  readonly sectionMarkers: readonly string[];
  /** What ends a call early: call ends, call starts, section ends. */
  readonly abortMarkers: readonly string[];
  /**
   * What ends the text of a call that is not one (`garbage`): `abortMarkers`, and with `proseMentions`
   * section starts too, so a section after a start marker mentioned in prose is read as one.
   */
  readonly garbageStops: readonly string[];
  /** What stops a JSON body: the arguments end, then `abortMarkers`. */
  readonly jsonStops: readonly string[];
  /** The first character all `jsonStops` share, if they do (see `sharedInitial`). */
  readonly jsonStopsInitial: string | undefined;
  /** What ends a name: name end, id start, arguments start, `{` (`nameEndsAtBrace`), `abortMarkers`. */
  readonly nameStops: readonly string[];
  /** What ends an id: arguments start, `{` (`nameEndsAtBrace`), `abortMarkers`. */
  readonly idStops: readonly string[];
  /** The closing markers after a JSON body, in order: the arguments end, then the call end. */
  readonly closers: ReadonlyArray<readonly string[]>;
  /** The keys a JSON call object is read with (`jsonBody`). */
  readonly objectKeys: CallObjectKeys;
}

/** The plan of `config`, made on first use (configs are constants of their format modules). */
export const namedJsonPlan: (config: NamedJsonConfig) => NamedJsonPlan = memoByObject(makePlan);

function makePlan(config: NamedJsonConfig): NamedJsonPlan {
  const sectionStart = config.sectionStart ?? none;
  const sectionEnd = config.sectionEnd ?? none;
  const callEnd = config.callEnd ?? none;
  const argsStart = config.argsStart ?? none;
  const abortMarkers = [...callEnd, ...config.callStart, ...sectionEnd];
  const jsonStops = [...(config.argsEnd ?? none), ...abortMarkers];
  const brace = config.nameEndsAtBrace ? ['{'] : none;
  return {
    textMarkers: [...sectionStart, ...config.callStart, ...(config.dropMarkers ?? none)],
    reasoningOpeners: config.callsInReasoning ? [...sectionStart, ...config.callStart] : none,
    sectionMarkers: [...sectionEnd, ...config.callStart],
    abortMarkers,
    garbageStops: config.proseMentions ? [...abortMarkers, ...sectionStart] : abortMarkers,
    jsonStops,
    jsonStopsInitial: sharedInitial(jsonStops),
    nameStops: [
      ...(config.nameEnd ?? none),
      ...(config.idStart === undefined ? none : [config.idStart]),
      ...argsStart,
      ...brace,
      ...abortMarkers,
    ],
    idStops: [...argsStart, ...brace, ...abortMarkers],
    closers: [config.argsEnd ?? none, callEnd],
    objectKeys: {
      nameKeys: config.nameKeys ?? defaultNameKeys,
      argumentKeys: config.argumentKeys ?? defaultArgumentKeys,
      idKeys: config.idKeys ?? defaultIdKeys,
    },
  };
}
