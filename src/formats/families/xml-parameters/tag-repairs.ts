import { escapePointer } from '../../../internal/escape-pointer.js';
import { isWhitespace } from '../../../internal/whitespace.js';
import type { ToolCallIssue, ToolCallRepair } from '../../../types/tool-call.js';
import { isMarkerPrefix } from '../../core/markers.js';

// Recovery from glitched tags: a section or call marker left out, a value closed by a malformed tag
// (or by none), a parameter tag cut before its `>`; each says what was done as a repair on the call.

/**
 * The repair of a call read without one of its markers: the section start (`missing_section_start`,
 * position 0: a bare call in a format that wraps its calls) or the call's end (`missing_end_marker`,
 * at `position`: the next call or the section's end came first).
 */
export function missingMarker(
  kind: 'missing_section_start' | 'missing_end_marker',
  marker: string | undefined,
  position: number,
): ToolCallRepair {
  return { kind, position, message: `the call has no ${marker}` };
}

/**
 * A value that ended without its closing tag `parameterEnd` (at the next tag): its text without a
 * malformed closing tag at its end (`</parameter1>`, `</parameter/>`, `</parameter_function>` or a cut
 * `</parameter`, as Qwen3.6 writes them: sgl-project/sglang #27336), which is no data, and the repair
 * that says so (`malformed_closing_tag`, else `missing_parameter_close_tag`). `rawLength`: the length
 * of the call's raw text, which ends with the value.
 */
export function implicitParameterEnd(
  key: string,
  text: string,
  parameterEnd: string,
  rawLength: number,
): { text: string; repair: ToolCallRepair } {
  const stub = parameterEnd.slice(0, -1);
  const at = text.lastIndexOf(stub);
  if (at >= 0 && /^[^<>\s]{0,24}>?\s*$/.test(text.slice(at + stub.length))) {
    const repair: ToolCallRepair = {
      kind: 'malformed_closing_tag',
      position: rawLength - (text.length - at),
      message: `the parameter "${key}" is closed by ${text.slice(at).trim()}, not ${parameterEnd}`,
    };
    return { text: text.slice(0, at), repair };
  }
  const repair: ToolCallRepair = {
    kind: 'missing_parameter_close_tag',
    position: rawLength,
    message: `the parameter "${key}" has no ${parameterEnd}`,
  };
  return { text, repair };
}

/**
 * A parameter tag cut before its `>` (another tag starts first: `<parameter=timeout\n</parameter>`), as
 * Qwen3-Coder writes it now and then (vLLM #39771: the whole call was lost). The rest of the call is
 * still readable, so the call survives without that parameter: the `unclosed_parameter_tag` repair (at
 * `position`, where the tag starts in the call's raw text) and the `dropped_parameter` issue (its
 * `path` the key's JSON Pointer) that say so. The key is the header's first word: the model went on
 * with the value on the next line.
 */
export function droppedParameter(
  headerText: string,
  position: number,
): { repair: ToolCallRepair; issue: ToolCallIssue } {
  const key = /^\S*/.exec(headerText.trimStart())?.[0] ?? '';
  const message = `the parameter tag${key === '' ? '' : ` "${key}"`} is not closed by ">"; the parameter is dropped`;
  return {
    repair: { kind: 'unclosed_parameter_tag', position, message },
    issue: {
      code: 'dropped_parameter',
      message,
      ...(key === '' ? {} : { path: `/${escapePointer(key)}` }),
    },
  };
}

/**
 * Where the `/` of a call tag closed on itself is in its header (`get_time/` of `<function=get_time/>`,
 * `name="x" /` of `<invoke name="x" />`), or -1. A slash inside a quoted name is not one.
 */
export function selfClosingSlash(headerText: string): number {
  const end = headerText.trimEnd();
  return end.endsWith('/') ? end.length - 1 : -1;
}

/**
 * A call tag closed on itself (`<function=git_status/>`, areal-project/AReaL #1691): a call without
 * arguments, its name without the slash; `position`: the slash in the call's raw text.
 */
export function selfClosingCallTag(position: number): ToolCallRepair {
  return {
    kind: 'self_closing_call_tag',
    position,
    message: 'the call tag closes itself (/>): no arguments',
  };
}

/** Whitespace read after a stray section end while looking for the bare call it precedes. */
const maxStrayLookahead = 64;

/**
 * Whether a bare call start (`callStart`, after at most 64 whitespace code units) follows a section end
 * that ends at `from` outside any section (`</tool_call>\n<function=…>`: a stray closer, QwenLM/qwen-code
 * #10700); `undefined` when the text ends before that is known.
 */
export function strayEndFollower(
  text: string,
  from: number,
  callStart: string,
  final: boolean,
): boolean | undefined {
  let position = from;
  while (
    position < text.length &&
    position - from < maxStrayLookahead &&
    isWhitespace(text.charCodeAt(position))
  )
    position++;
  if (text.startsWith(callStart, position)) return true;
  if (!final && (position === text.length || isMarkerPrefix(text, position, callStart))) return undefined;
  return false;
}
