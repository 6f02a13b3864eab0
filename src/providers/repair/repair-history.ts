import { HistoryInvalidError } from '../../errors/history-invalid-error.js';
import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Message } from '../../types/message.js';
import type { ProviderId } from '../provider-converter.js';
import { checkMessageShapes } from '../shared/check-message-shapes.js';
import { emitPairedHistory, type RepairHistoryPolicy } from './emit-paired-history.js';
import { finishForTarget } from './finish-for-target.js';
import type { HistoryChange } from './history-change.js';
import { indexToolCalls } from './index-tool-calls.js';
import { PROVIDER_IDS } from './target-rules.js';

/** Options for {@link repairHistory}. */
export interface RepairHistoryOptions {
  /** The provider the history is sent to next; its rules decide the finishing steps. */
  readonly target: ProviderId;
  /** Dangling calls, orphan results and the order of results (defaults: error result, drop, kept). */
  readonly policy?: RepairHistoryPolicy;
  /**
   * `true` repairs nothing: a history that would change throws `HistoryInvalidError` (code
   * `history_invalid`) whose `violations` are the changes the repair would make. Default `false`.
   */
  readonly strict?: boolean;
  /**
   * The tools the request declares, in declaration order: their names are reserved (or renamed) first,
   * so the name map covers them and a history name never takes a tool's wire name (H8). Not reordered
   * (H13).
   */
  readonly tools?: readonly { readonly name: string }[];
}

/** What {@link repairHistory} returns. */
export interface RepairHistoryResult {
  /** The repaired history; messages that needed no change are the input's own objects. */
  readonly messages: Message[];
  /** Every change, ordered by `index` (then in the order made). Empty when the history was valid. */
  readonly changes: HistoryChange[];
  /**
   * Wire id → input id, for every id the repair rewrote (H6 a repeated id suffixed, H7 the target's id
   * rule). Wire ids are unique; two of them read back to one input id when the input repeated it. Synthetic
   * ids (calls that had none) are not in it.
   */
  readonly idMap: Record<string, string>;
  /**
   * Wire tool name → input name, for every name the target does not allow (H8): read the model's calls
   * back with it, and rename the declared tools with its inverse (one-to-one).
   */
  readonly nameMap: Record<string, string>;
}

const targets: ReadonlySet<string> = new Set<string>(PROVIDER_IDS);

/**
 * Makes a canonical history one that `target` accepts, in one deterministic pass (linear in the number of
 * parts), and says what it changed. The rules are those of providers.md §9 (H1–H14), each change naming
 * its rule and the input message it concerns.
 *
 * Generic (every target):
 * - H1: a call without a result gets an `error-text` result right after its turn
 *   ({@link INTERRUPTED_RESULT_TEXT}), or is removed with policy `dangling: 'drop'`; a provider-executed
 *   call is answered by a result inside its own turn (each such result answers one call of its id there,
 *   a second one is removed: H6), and without one it is dangling like any call.
 * - H3 (every target but Anthropic and Bedrock, whose converters send it first in the next user turn):
 *   a result inside its own turn is moved to the tool message right after the turn, and its call loses
 *   `providerExecuted` (the target's request has no place for the result in the turn, so the call
 *   would go unanswered).
 * - H2: a result whose call is not in the history is removed, or kept as user text (`orphan: 'text'`);
 *   so is a result inside an assistant message that answers no call of that message.
 * - H3 (policy `resultOrder: 'calls'`, and always for Gemini): a turn's results are put in the order of
 *   its calls.
 * - H3/H4: a result somewhere else is moved right after its call's turn (H4 for Anthropic and Bedrock when
 *   only user content stood before it: results must come first in the user turn, and the canonical tool
 *   message before the user message is what their converters merge, results first).
 * - H6: a second result for a call is removed (the first is kept); an id repeated by a later call is
 *   suffixed (`_2`), in that call and its results.
 * - H7: a call without an id gets `toolwire_<message>_<part>`; a result without one pairs by position with
 *   the calls without one of the turn it follows.
 * - H9: an input that is not a JSON object becomes `{}` (or the object, when it is a JSON text of one).
 * - H10: an invalid call (`tool-call-invalid`) is replayed as a `tool-call` with its repaired arguments
 *   (the lenient JSON parser over its `raw` text, when that is a JSON object) or `{}`, and, unless it has a
 *   result already (kept: the model's or tool's own answer), an `error-text` result carrying the parse
 *   error, so every result stays paired (deer-flow #2890, PR#5509; vercel/ai). One without an id or a
 *   name is skipped together with any result naming it, since it cannot be sent.
 *
 * Per target:
 * - H7: ids rewritten by one collision-free deterministic map, in calls and results alike (Mistral:
 *   exactly 9 base62 characters from a hash; Anthropic, Bedrock: `[a-zA-Z0-9_-]{1,64}`; OpenAI Chat and
 *   Responses: at most 40 characters; see `idRuleOf`).
 * - H8: tool names the target does not allow rewritten by a reversible map (`nameMap`; see `nameRuleOf`).
 * - H5 (Mistral): an assistant message ({@link MISTRAL_BRIDGE_TEXT}) between a tool message and a user message.
 * - H11: `providerOptions` of other providers (`anthropic`, `openai`, `google`, `bedrock`; the target's
 *   own key is kept) removed from messages and parts, so a signature never travels to another provider.
 *   Reasoning parts without the target's own signature (`signature` / `redactedData`, or for Responses
 *   `itemId` / `reasoningEncryptedContent`) are removed for Anthropic, Bedrock and Responses, and kept
 *   (as plain reasoning) elsewhere: Anthropic rejects unsigned thinking blocks and requires a signed one
 *   to lead the final assistant turn when thinking is on, so another provider's thinking can be neither
 *   replayed nor turned into text (text where thinking is expected is itself rejected); Bedrock drops
 *   unsigned reasoning (vercel/ai); a Responses reasoning item needs its id or encrypted content. For
 *   Responses, a reasoning part with an `openai.itemId` is removed with the calls it precedes when all of
 *   them are removed ("Item 'rs_…' of type 'reasoning' was provided without its required following item").
 * - H12: empty (or whitespace-only) text parts and messages left empty are removed; Anthropic and Bedrock:
 *   adjacent user (or assistant) messages merged; Bedrock: a final assistant text's trailing whitespace
 *   trimmed.
 * - H14 (Gemini): a result's `toolName` set to its call's, found by id (never guessed from position).
 *
 * Not done here: H13 (stable tool order) is the request's, kept by never reordering `tools`; Bedrock's
 * `toolConfig` (a request whose history holds tool blocks must declare tools, providers.md §5g) and
 * Gemini's "no final model turn" are request-level and belong to the converters.
 *
 * Never mutates `messages`; the same input gives the same output bytes.
 *
 * @throws {ToolwireError} code `invalid_argument` when `messages` is not an array of message objects,
 *   a part lacks a field its type requires (a `text` / `reasoning` part its string `text`, a
 *   `tool-result` its `output` with a `type`), a `providerOptions` is not an object of objects,
 *   `target` is not a provider id, or a policy value is not one of those listed.
 * @throws {HistoryInvalidError} code `history_invalid` with `strict: true`, listing every violation.
 */
export function repairHistory(
  messages: readonly Message[],
  options: RepairHistoryOptions,
): RepairHistoryResult {
  checkOptions(messages, options);
  const changes: HistoryChange[] = [];
  const index = indexToolCalls(messages, changes);
  const paired = emitPairedHistory(messages, index, options.target, options.policy ?? {}, changes);
  const inputIds = new Map<string, string | undefined>();
  for (const call of index.calls.values()) if (!call.skip) inputIds.set(call.id, call.inputId);
  const finished = finishForTarget(paired, {
    target: options.target,
    changes,
    inputIds,
    toolNames: (options.tools ?? []).map((tool) => tool.name),
  });
  const ordered = changes
    .map((change, order) => ({ change, order }))
    .sort((a, b) => a.change.index - b.change.index || a.order - b.order)
    .map(({ change }) => change);
  if (options.strict === true && ordered.length > 0) throw new HistoryInvalidError(options.target, ordered);
  return { messages: finished.messages, changes: ordered, idMap: finished.idMap, nameMap: finished.nameMap };
}

function checkOptions(messages: readonly Message[], options: RepairHistoryOptions): void {
  checkMessageShapes(messages);
  if (typeof options !== 'object' || options === null || !targets.has(options.target)) {
    throw new ToolwireError('invalid_argument', `target must be one of ${[...targets].join(', ')}`);
  }
  const dangling = options.policy?.dangling;
  if (dangling !== undefined && dangling !== 'result' && dangling !== 'drop') {
    throw new ToolwireError('invalid_argument', "policy.dangling must be 'result' or 'drop'");
  }
  const orphan = options.policy?.orphan;
  if (orphan !== undefined && orphan !== 'drop' && orphan !== 'text') {
    throw new ToolwireError('invalid_argument', "policy.orphan must be 'drop' or 'text'");
  }
  const resultOrder = options.policy?.resultOrder;
  if (resultOrder !== undefined && resultOrder !== 'kept' && resultOrder !== 'calls') {
    throw new ToolwireError('invalid_argument', "policy.resultOrder must be 'kept' or 'calls'");
  }
  if (
    options.tools !== undefined &&
    (!Array.isArray(options.tools) || options.tools.some((tool) => typeof tool?.name !== 'string'))
  ) {
    throw new ToolwireError('invalid_argument', 'tools must be an array of tools with a string name each');
  }
}

/** `providerOptions` is absent or an object of objects (the repair reads and strips its keys). */
