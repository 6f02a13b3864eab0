import { UniqueIds } from '../../internal/unique-ids.js';
import type { InvalidToolCallPart, Message, ToolResultPart } from '../../types/message.js';
import type { HistoryChange } from './history-change.js';
import { UNKNOWN_TOOL_NAME } from './target-rules.js';

/** One call of the history (a `tool-call` or `tool-call-invalid` part of an assistant message). */
export interface CallRecord {
  readonly message: number;
  readonly part: number;
  /** The id as the input wrote it; `undefined` when missing or empty. */
  readonly inputId: string | undefined;
  /** Unique over the whole history (synthetic when missing, suffixed when repeated); `''` when skipped. */
  readonly id: string;
  readonly name: string;
  /** An invalid call without an id or a name: never serialized, and so never answered (H10). */
  readonly skip: boolean;
  readonly invalid: InvalidToolCallPart | undefined;
  /**
   * Its assistant message also holds a `tool-result` with its id (a provider-executed call answered in
   * the turn, as Anthropic's server tools are): answered, so never dangling. With several calls of one
   * id in the turn, the first ones are answered, one per such result.
   */
  readonly answeredInTurn: boolean;
  result: ResultRecord | undefined;
}

/** One `tool-result` part of a tool message, and what became of it. */
export interface ResultRecord {
  readonly message: number;
  readonly part: number;
  readonly value: ToolResultPart;
  readonly fate: 'paired' | 'orphan' | 'duplicate' | 'skipped';
  readonly call: CallRecord | undefined;
}

/** Calls and results of a history, paired. */
export interface HistoryIndex {
  /** Calls by `message:part`. */
  readonly calls: ReadonlyMap<string, CallRecord>;
  /** Calls of each assistant message, in part order. */
  readonly callsOfMessage: ReadonlyMap<number, readonly CallRecord[]>;
  /** Results by `message:part`. */
  readonly results: ReadonlyMap<string, ResultRecord>;
  /**
   * For a tool message, the assistant message whose run of tool messages it is in (the tool messages
   * right after it), or -1.
   */
  readonly owner: readonly number[];
  /** For each message, the index of the closest earlier assistant or system message, or -1. */
  readonly previousTurn: readonly number[];
}

/** The key of a part in the maps above. */
export function partKey(message: number, part: number): string {
  return `${message}:${part}`;
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Indexes the calls and pairs every result with one, in two linear scans (H1, H2, H6, H7, H10):
 *
 * - A call without an id gets `toolwire_<message>_<part>` (H7: derived from its position, so stable); a
 *   call whose id an earlier call already has gets the first free `_2`, `_3` suffix (H6), so one id means
 *   one call in every target (toolwire's own parser numbers each turn's calls from `call_0`).
 * - An invalid call without an id or a name is skipped (H10: providers reject a `null` name or id, deer-flow
 *   PR#5509), and so is any result naming its id.
 * - A result pairs with the latest call before it that has its id (a call after it when there is none: a
 *   result written before its call is moved, not lost); when that turn repeats the id, its results pair
 *   with its calls in order; a result without an id pairs, by position, with
 *   the next call without an id of the assistant message its tool message follows; a second result for one
 *   call is a duplicate (H6, the first is kept); a result that pairs with nothing is an orphan (H2).
 */
export function indexToolCalls(messages: readonly Message[], changes: HistoryChange[]): HistoryIndex {
  const calls = new Map<string, CallRecord>();
  const callsOfMessage = new Map<number, CallRecord[]>();
  const callsById = new Map<string, CallRecord[]>();
  /** For a call in `callsById`, the position in its list of the first call of its turn with its id. */
  const turnStart = new Map<CallRecord, number>();
  const missingIdCalls = new Map<number, CallRecord[]>();
  const ids = new UniqueIds();
  const owner: number[] = [];
  const previousTurn: number[] = [];
  let lastTurn = -1;
  messages.forEach((message, index) => {
    previousTurn.push(lastTurn);
    const previous = messages[index - 1];
    owner.push(
      message.role === 'tool' && previous !== undefined
        ? previous.role === 'assistant'
          ? index - 1
          : previous.role === 'tool'
            ? (owner[index - 1] ?? -1)
            : -1
        : -1,
    );
    if (message.role === 'assistant' || message.role === 'system') lastTurn = index;
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    const own: CallRecord[] = [];
    // In-turn results per id: each answers one call of the turn with that id, in order.
    const turnResults = new Map<unknown, number>();
    for (const part of message.content)
      if (part.type === 'tool-result')
        turnResults.set(part.toolCallId, (turnResults.get(part.toolCallId) ?? 0) + 1);
    message.content.forEach((part, partIndex) => {
      if (part.type !== 'tool-call' && part.type !== 'tool-call-invalid') return;
      const inputId = nonEmpty(part.toolCallId);
      const invalid = part.type === 'tool-call-invalid' ? part : undefined;
      // A call the model made without a name still ran (or failed) and may have a result: it keeps its
      // place under a placeholder name (deer-flow PR#4008); an invalid one without a name is skipped.
      const name = nonEmpty(part.toolName) ?? (invalid ? '' : UNKNOWN_TOOL_NAME);
      if (!invalid && name !== part.toolName) {
        changes.push({
          rule: 'H8',
          index,
          action: 'rename-tool',
          detail: `call without a tool name named ${UNKNOWN_TOOL_NAME}`,
          ...(nonEmpty(part.toolCallId) === undefined ? {} : { toolCallId: part.toolCallId }),
        });
      }
      const skip = invalid !== undefined && (inputId === undefined || name === '');
      let id = '';
      if (skip) {
        changes.push({
          rule: 'H10',
          index,
          action: 'drop-call',
          detail: `invalid call without ${inputId === undefined ? 'an id' : 'a name'} skipped (it cannot be sent)`,
          ...(inputId === undefined ? {} : { toolCallId: inputId }),
        });
      } else {
        id = ids.claim(inputId ?? `toolwire_${index}_${partIndex}`);
        if (inputId === undefined) {
          changes.push({
            rule: 'H7',
            index,
            action: 'assign-id',
            detail: `call without an id given id ${id}`,
          });
        } else if (id !== inputId) {
          changes.push({
            rule: 'H6',
            index,
            action: 'rename-id',
            detail: `id ${inputId} already used by an earlier call; renamed ${id}`,
            toolCallId: inputId,
          });
        }
      }
      const inTurn = inputId === undefined || skip ? 0 : (turnResults.get(inputId) ?? 0);
      if (inTurn > 0) turnResults.set(inputId, inTurn - 1);
      const record: CallRecord = {
        message: index,
        part: partIndex,
        inputId,
        id,
        name,
        skip,
        invalid,
        answeredInTurn: inTurn > 0,
        result: undefined,
      };
      calls.set(partKey(index, partIndex), record);
      own.push(record);
      if (inputId !== undefined) {
        const earlier = callsById.get(inputId);
        const last = earlier?.[earlier.length - 1];
        turnStart.set(record, last?.message === index ? (turnStart.get(last) ?? 0) : (earlier?.length ?? 0));
        appendTo(callsById, inputId, record);
      } else if (!skip) appendTo(missingIdCalls, index, record);
    });
    callsOfMessage.set(index, own);
  });

  const results = new Map<string, ResultRecord>();
  const idCursor = new Map<string, number>();
  const unanswered = new Map<string, number>();
  const missingCursor = new Map<number, number>();
  messages.forEach((message, index) => {
    if (message.role !== 'tool' || !Array.isArray(message.content)) return;
    message.content.forEach((part, partIndex) => {
      if (part.type !== 'tool-result') return;
      const inputId = nonEmpty(part.toolCallId);
      let call: CallRecord | undefined;
      if (inputId === undefined) {
        const turn = owner[index] ?? -1;
        const waiting = missingIdCalls.get(turn) ?? [];
        const cursor = missingCursor.get(turn) ?? 0;
        call = waiting[cursor];
        if (call !== undefined) missingCursor.set(turn, cursor + 1);
      } else {
        const candidates = callsById.get(inputId) ?? [];
        // Results come in message order, so the latest call before each one only moves forward.
        let cursor = idCursor.get(inputId) ?? 0;
        while ((candidates[cursor + 1]?.message ?? index) < index) cursor++;
        idCursor.set(inputId, cursor);
        // The calls of one turn that repeat an id are answered by position: the k-th result for the
        // id goes to the turn's k-th such call, not all of them to its last call (one answered, the
        // others dropped as duplicates and given an error). The pointer only moves forward: linear.
        const latest = candidates[cursor];
        let next = Math.max(
          latest === undefined ? cursor : (turnStart.get(latest) ?? cursor),
          unanswered.get(inputId) ?? 0,
        );
        while (next < cursor && candidates[next]?.result !== undefined) next++;
        unanswered.set(inputId, next);
        call = candidates[next];
      }
      const fate: ResultRecord['fate'] =
        call === undefined
          ? 'orphan'
          : call.skip
            ? 'skipped'
            : call.result !== undefined || call.answeredInTurn
              ? 'duplicate'
              : 'paired';
      const record: ResultRecord = { message: index, part: partIndex, value: part, fate, call };
      if (fate === 'paired' && call !== undefined) call.result = record;
      results.set(partKey(index, partIndex), record);
      const named = inputId === undefined ? {} : { toolCallId: inputId };
      if (fate === 'orphan') {
        // Reported by the emitter, which knows whether the result was dropped or kept as text.
      } else if (fate === 'skipped') {
        changes.push({
          rule: 'H10',
          index,
          action: 'drop-result',
          detail: 'result of a skipped invalid call removed',
          ...named,
        });
      } else if (fate === 'duplicate') {
        changes.push({
          rule: 'H6',
          index,
          action: 'drop-result',
          detail: `second result for call ${call?.id} removed; the first (message ${call?.result?.message ?? call?.message}) is kept`,
          ...named,
        });
      }
    });
  });
  return { calls, callsOfMessage, results, owner, previousTurn };
}

function appendTo<K>(map: Map<K, CallRecord[]>, key: K, record: CallRecord): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [record]);
  else list.push(record);
}
