import { setOwnProperty } from '../../../internal/set-own-property.js';
import { nestedDeeperThan } from '../../../internal/value-depth.js';
import { parseLenientJson } from '../../../json/parse-lenient-json.js';
import { MAX_VALUE_DEPTH } from '../../../schema/align-context.js';
import type { AlignFlag } from '../../../schema/align-result.js';
import type { ToolCallFlag, ToolCallIssue, ToolCallRepair } from '../../../types/tool-call.js';
import type { CallParts } from '../../core/call-parts.js';
import { withJsonRepairs } from '../../core/call-repairs.js';

/**
 * Arrays/objects nested deeper than this in a typed value make the call invalid (code `too_deep`): the
 * schema layer's `MAX_VALUE_DEPTH` for the whole arguments object, which is one level itself.
 */
const maxValueDepth = MAX_VALUE_DEPTH - 1;

/**
 * What the open XML-parameters call has read so far (its name, typed parameters, loose body text,
 * problems, repairs and issues), and what it makes at its end: its call parts, or why it is invalid.
 * One per parser; `reset()` between calls.
 */
export class CallDraft {
  name: string | undefined;
  /** Why the call is invalid, once known (the first problem found wins). */
  problem: string | undefined;
  /** The code of `problem` when it is not `invalid_tool_call`. */
  problemCode: string | undefined;
  /** How many parameters the call has finished (typed or not). */
  parameterCount = 0;
  /** Body text that is no tag (kept in the raw; a JSON object there is the arguments: SGLang DSML). */
  loose: string[] = [];
  /** Glitches recovered in the call (see `CallParts.repairs`). */
  repairs: ToolCallRepair[] = [];
  issues: ToolCallIssue[] = [];
  /** The coercions typing the parameters applied, paths from the arguments object. */
  flags: ToolCallFlag[] = [];
  /** The finished parameters, typed, in order. */
  private typed: Array<readonly [string, unknown]> = [];
  /** The keys of `typed` (a set: a call may have many parameters). */
  private keys = new Set<string>();

  reset(): void {
    this.name = undefined;
    this.problem = undefined;
    this.problemCode = undefined;
    this.parameterCount = 0;
    this.loose = [];
    this.repairs = [];
    this.issues = [];
    this.flags = [];
    this.typed = [];
    this.keys = new Set();
  }

  /** Makes the call invalid with `code` unless a problem was found first (the first one wins). */
  reject(code: string, message: string): void {
    if (this.problem !== undefined) return;
    this.problem = message;
    this.problemCode = code;
  }

  /** Whether a finished parameter has the key `key`. */
  hasKey(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds a finished parameter's value; a typed value nested too deep makes the call invalid. */
  addValue(key: string, value: unknown, typed: boolean, flags: readonly AlignFlag[] = []): void {
    this.typed.push([key, value]);
    this.keys.add(key);
    for (const flag of flags) this.flags.push({ path: `/${pointerToken(key)}${flag.path}`, kind: flag.kind });
    if (typed && this.problem === undefined && nestedDeeperThan(value, maxValueDepth)) {
      this.problem = `the value of "${key}" is nested deeper than ${maxValueDepth} levels`;
      this.problemCode = 'too_deep';
    }
  }

  /**
   * The call this makes: its parameters as arguments, or a body that holds a JSON object instead of
   * parameter tags, decoded; else why it is invalid. `streamedKeys`: the keys whose members streamed,
   * when any did (the closing `}` comes from `endCall`, after the members alignment added: defaults).
   */
  finish(
    streamedKeys: ReadonlySet<string> | undefined,
  ): { parts: CallParts } | { code: string; message: string } {
    const name = this.name;
    if (name === undefined || this.problem !== undefined) {
      return {
        code: this.problemCode ?? 'invalid_tool_call',
        message: this.problem ?? 'the call tag has no name',
      };
    }
    const loose = this.loose.join('').trim();
    if (this.parameterCount === 0 && loose.startsWith('{')) {
      const parsed = parseLenientJson(loose);
      if (!parsed.ok)
        return { code: 'invalid_json', message: `the call body is not valid JSON: ${parsed.error}` };
      return { parts: withJsonRepairs({ name, argumentsValue: parsed.value }, parsed.repairs, -1) };
    }
    if (this.parameterCount === 0 && loose !== '') {
      return {
        code: 'invalid_tool_call',
        message: 'the call body is neither parameter tags nor a JSON object',
      };
    }
    if (loose !== '') {
      // Text beside the parameters (a parameter in another tag syntax, a remark) is not an
      // argument, and dropping it could drop one: the call is not run as read.
      return {
        code: 'invalid_tool_call',
        message: `the call body holds text outside its parameter tags: ${JSON.stringify(loose.slice(0, 80))}`,
      };
    }
    return {
      parts: {
        name,
        argumentsValue: this.arguments(),
        ...(streamedKeys ? { streamedKeys } : {}),
        ...(this.repairs.length > 0 ? { repairs: this.repairs } : {}),
        ...(this.issues.length > 0 ? { issues: this.issues } : {}),
        ...(this.flags.length > 0 ? { flags: this.flags } : {}),
      },
    };
  }

  /** The arguments object: values by key, a repeated key keeping its first position and last value. */
  private arguments(): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    for (const [key, typed] of this.typed) setOwnProperty(value, key, typed);
    return value;
  }
}

/** A key as one JSON Pointer token (RFC 6901: `~` as `~0`, `/` as `~1`). */
function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
