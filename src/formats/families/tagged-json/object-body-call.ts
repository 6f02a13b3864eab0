/**
 * The call a decoded tagged-JSON object body makes, or why it makes none: no name, arguments given
 * twice, or two names (the one it was announced under and the one JSON decoding keeps).
 */

import type { CallParts } from '../../core/base-parser.js';
import { argumentMembers, type CallKeys, callParts, soleMember, unreadCallArguments } from './call-object.js';
import type { LeadingCall } from './leading-call.js';

/** Bodies up to this length have their name key searched rather than their leading name read. */
const shortBody = 2048;

/** Why a body is one invalid call: its code and message, and the name and id it is reported under. */
export interface BodyFailure {
  readonly code: 'missing_name' | 'conflicting_arguments' | 'conflicting_names' | 'unread_arguments';
  readonly message: string;
  readonly name: string | undefined;
  readonly id?: string | undefined;
}

/**
 * The call of the object body `bodyText`, decoded as `value`, with `keys`; `leadingOf` reads what its
 * first code units name (see `leadingCall`; `undefined` for `nameIsKey` bodies), called only when the
 * answer can matter: not for a valid JSON body (`exact`: decoded without repairs) with no id whose one
 * name key is written once (the usual body), whose leading name can only be the decoded one;
 * `'unique'`: decoded by `nameThenArguments`, which proved each key is there once. A body that starts
 * with its name was announced with the id right after it, if any: an id member further on is not the
 * call's id (streaming consumers already have one). `{"name": "f", "name": "g"}`: JSON's last key
 * wins, but the call was announced as `f` from the body's first member (the same text decides in
 * whole-text parsing): ambiguous, so a failure, as arguments given more than once are.
 */
export function objectBodyCall(
  bodyText: string,
  value: unknown,
  keys: CallKeys,
  leadingOf: () => LeadingCall | null | undefined,
  exact: boolean | 'unique',
): CallParts | BodyFailure {
  const parts = callParts(value, keys);
  if (typeof parts === 'string') return { code: 'missing_name', message: parts, name: undefined };
  // Read by `nameThenArguments`: one name, one arguments member, no id; nothing else can disagree.
  if (exact === 'unique') return parts;
  const record = value as Record<string, unknown>;
  const unread = unreadCallArguments(value, parts, keys);
  if (unread !== undefined)
    return { code: 'unread_arguments', message: unread, name: parts.name, id: parts.id };
  const members = argumentMembers(bodyText, record, keys.argumentKeys);
  if (
    exact &&
    members === undefined &&
    bodyText.length <= shortBody &&
    !keys.idKeys.some((key) => Object.hasOwn(record, key))
  ) {
    // Valid JSON with no id: `leading` could only differ from `parts` by a second name, which needs a
    // name key written twice (or two name keys); with one written once, it is `parts`' own name or
    // none. (A repaired body may decode its name otherwise than its first code units read.) Only for
    // a short body: the search reads all of it, where reading the leading name costs the same at any
    // length.
    const nameKey = soleMember(bodyText, record, keys.nameKeys);
    if (nameKey !== undefined) return parts;
  }
  const leading = leadingOf();
  if (members !== undefined)
    return {
      code: 'conflicting_arguments',
      message: `the tool call gives its arguments ${members.length} times (${members.map((key) => `"${key}"`).join(', ')})`,
      name: leading ? leading.name : parts.name,
      id: leading ? leading.id : parts.id,
    };
  if (leading && leading.name !== parts.name)
    return {
      code: 'conflicting_names',
      message: `the tool call names two tools, "${leading.name}" and "${parts.name}"`,
      name: leading.name,
      id: leading.id,
    };
  if (!leading || parts.id === leading.id) return parts;
  const { id: _written, ...rest } = parts;
  return leading.id === undefined ? rest : { ...rest, id: leading.id };
}
