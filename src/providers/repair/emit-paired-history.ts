import type {
  AssistantMessage,
  AssistantPart,
  Message,
  TextPart,
  ToolMessage,
  ToolResultPart,
} from '../../types/message.js';
import type { ProviderId } from '../provider-converter.js';
import type { HistoryChange } from './history-change.js';
import { type CallRecord, type HistoryIndex, partKey, type ResultRecord } from './index-tool-calls.js';
import { objectInput, replayInput } from './replay-input.js';
import { resultText } from './result-text.js';

/** A message of the repaired history and the index of the input message it comes from. */
export interface SourcedMessage {
  readonly message: Message;
  readonly source: number;
}

/** What `repairHistory` does with a call without a result and with a result without a call. */
export interface RepairHistoryPolicy {
  /**
   * A call without a result (H1; an invalid call, H10):
   * - `'result'`: Default. An `error-text` result is put right after the call's turn (deer-flow, litellm).
   * - `'drop'`: the call is removed (openai-agents-js `dropOrphanToolCalls`).
   */
  readonly dangling?: 'result' | 'drop';
  /**
   * A result without a call (H2):
   * - `'drop'`: Default. Removed (deer-flow PR#4080, litellm).
   * - `'text'`: kept as a user message saying which tool returned what, so the model keeps the information.
   */
  readonly orphan?: 'drop' | 'text';
  /**
   * The order of one turn's results (H3):
   * - `'kept'`: Default. As they came (providers pair them by id); Gemini's always in call order.
   * - `'calls'`: in the order of the turn's calls, for a reader that pairs results by position (a chat
   *   template rendering `tool` messages one after another; Gemini without ids).
   */
  readonly resultOrder?: 'kept' | 'calls';
}

/** The text of the error result a call without a result gets (H1). */
export const INTERRUPTED_RESULT_TEXT =
  'No result was recorded for this call: it was interrupted or never executed.';

/** The text of the error result an invalid call gets (H10), with the parser's error. */
export function invalidCallResultText(error: string): string {
  return `The call was not executed: its arguments could not be read (${error}).`;
}

interface EmitContext {
  readonly messages: readonly Message[];
  readonly index: HistoryIndex;
  readonly target: ProviderId;
  readonly dangling: 'result' | 'drop';
  readonly orphan: 'drop' | 'text';
  readonly resultOrder: 'kept' | 'calls';
  readonly changes: HistoryChange[];
  readonly out: SourcedMessage[];
  /** Results inside the current assistant turn that answer no call of it (H2). */
  readonly turnOrphans: ResultRecord[];
  /** Results inside the current assistant turn answering its calls, for a target with no place for them there. */
  readonly turnResults: ToolResultPart[];
}

/**
 * The targets whose converters send a result written inside its assistant turn (a provider-executed
 * call's, as Anthropic's server tools): as the first blocks of the next user turn. Every other target's
 * request has no place for it, so it is moved to the tool message after the turn, and its call becomes an
 * ordinary call (its `providerExecuted` dropped): the call is then answered on the wire.
 */
const IN_TURN_RESULT_TARGETS: ReadonlySet<ProviderId> = new Set<ProviderId>(['anthropic', 'bedrock']);

/**
 * Writes the history with every call answered once, right after its turn: the assistant message (invalid
 * calls replayed, inputs made objects, dropped calls removed), then its results (those already in the tool
 * messages right after it, in their order; then, in call order, results moved from elsewhere and error
 * results for calls without one), then orphan results kept as text. Messages that need no change are the
 * input's own objects.
 */
export function emitPairedHistory(
  messages: readonly Message[],
  index: HistoryIndex,
  target: ProviderId,
  policy: RepairHistoryPolicy,
  changes: HistoryChange[],
): SourcedMessage[] {
  const context: EmitContext = {
    messages,
    index,
    target,
    dangling: policy.dangling ?? 'result',
    orphan: policy.orphan ?? 'drop',
    resultOrder: policy.resultOrder ?? 'kept',
    changes,
    out: [],
    turnOrphans: [],
    turnResults: [],
  };
  messages.forEach((message, position) => {
    if (message.role === 'assistant') emitTurn(context, message, position);
    else if (message.role === 'tool') {
      if ((index.owner[position] ?? -1) < 0) emitStrayToolMessage(context, message, position);
    } else context.out.push({ message, source: position });
  });
  return context.out;
}

function isDropped(context: EmitContext, call: CallRecord): boolean {
  return call.skip || (context.dangling === 'drop' && call.result === undefined && !call.answeredInTurn);
}

function emitTurn(context: EmitContext, message: AssistantMessage, position: number): void {
  const calls = context.index.callsOfMessage.get(position) ?? [];
  const parts =
    typeof message.content === 'string'
      ? message.content
      : rewriteAssistantParts(context, message.content, position);
  if (parts !== message.content) {
    if (parts.length > 0) context.out.push({ message: { ...message, content: parts }, source: position });
  } else context.out.push({ message, source: position });
  // Also for a turn without calls: the tool messages after it hold results of other turns or orphans.
  emitResults(context, calls, position);
}

function rewriteAssistantParts(
  context: EmitContext,
  content: readonly AssistantPart[],
  position: number,
): readonly AssistantPart[] {
  const parts: AssistantPart[] = [];
  let changed = false;
  // Responses reasoning items need the item they precede (H11): remember where each group starts.
  let reasoningAt = -1;
  let groupDropped = false;
  let groupKept = false;
  const answeredHere = new Set<CallRecord>();
  const closeGroup = (): void => {
    if (reasoningAt >= 0 && groupDropped && !groupKept) {
      parts.splice(reasoningAt, 1);
      context.changes.push({
        rule: 'H11',
        index: position,
        action: 'drop-part',
        detail: 'reasoning item removed with the calls it preceded',
      });
    }
    reasoningAt = -1;
    groupDropped = false;
    groupKept = false;
  };
  content.forEach((part, partIndex) => {
    if (
      part.type === 'reasoning' &&
      context.target === 'openai-responses' &&
      part.providerOptions?.openai?.itemId
    ) {
      closeGroup();
      reasoningAt = parts.length;
      parts.push(part);
      return;
    }
    const call = context.index.calls.get(partKey(position, partIndex));
    if (call !== undefined && isDropped(context, call)) {
      changed = true;
      groupDropped = true;
      if (!call.skip) {
        context.changes.push({
          rule: call.invalid ? 'H10' : 'H1',
          index: position,
          action: 'drop-call',
          detail: `call ${call.id} (${call.name}) has no result; removed (policy dangling: 'drop')`,
          ...(call.inputId === undefined ? {} : { toolCallId: call.inputId }),
        });
      }
      return;
    }
    groupKept = true;
    const answers = part.type === 'tool-result' ? turnCall(context, part, position, answeredHere) : undefined;
    if (
      part.type === 'tool-result' &&
      answers === undefined &&
      turnCall(context, part, position) !== undefined
    ) {
      changed = true;
      context.changes.push({
        rule: 'H6',
        index: position,
        action: 'drop-result',
        detail: `second result in its turn for call ${part.toolCallId} removed; the first is kept`,
        toolCallId: part.toolCallId,
      });
      return;
    }
    if (part.type === 'tool-result' && answers === undefined) {
      // An orphan here would be sent as a result of the next user turn, answering no call.
      changed = true;
      context.turnOrphans.push({
        message: position,
        part: partIndex,
        value: part,
        fate: 'orphan',
        call: undefined,
      });
      return;
    }
    if (answers !== undefined) answeredHere.add(answers);
    if (part.type === 'tool-result' && !IN_TURN_RESULT_TARGETS.has(context.target)) {
      const moved = rewriteResult(context, {
        message: position,
        part: partIndex,
        value: part,
        fate: 'paired',
        call: answers,
      });
      changed = true;
      context.turnResults.push(moved);
      context.changes.push({
        rule: 'H3',
        index: position,
        action: 'move-result',
        detail: `result of call ${moved.toolCallId} moved out of its assistant turn, right after it (the target has no place for it there)`,
        toolCallId: part.toolCallId,
      });
      return;
    }
    const rewritten =
      call !== undefined
        ? rewriteCall(context, call, part, position)
        : part.type === 'tool-result'
          ? providerResult(part, answers)
          : part;
    if (rewritten !== part) changed = true;
    parts.push(rewritten);
  });
  closeGroup();
  return changed || parts.length !== content.length ? parts : content;
}

function rewriteCall(
  context: EmitContext,
  call: CallRecord,
  part: AssistantPart,
  position: number,
): AssistantPart {
  const named = call.inputId === undefined ? {} : { toolCallId: call.inputId };
  if (part.type === 'tool-call-invalid') {
    const { input, repaired } = replayInput(part);
    context.changes.push({
      rule: 'H10',
      index: position,
      action: 'replay-invalid-call',
      detail: `invalid call ${call.id} (${call.name}) replayed as a call with ${repaired ? 'its repaired arguments' : '{} input'}`,
      ...named,
    });
    return {
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input,
      ...(part.providerOptions === undefined ? {} : { providerOptions: part.providerOptions }),
    };
  }
  if (part.type !== 'tool-call') return part;
  if (
    call.answeredInTurn &&
    part.providerExecuted !== undefined &&
    !IN_TURN_RESULT_TARGETS.has(context.target)
  ) {
    // Its result moves after the turn (see IN_TURN_RESULT_TARGETS): an ordinary call from now on.
    const { providerExecuted: _, ...ordinary } = part;
    return rewriteCall(context, call, ordinary, position);
  }
  const fixed = objectInput(part.input);
  if (fixed.changed) {
    context.changes.push({
      rule: 'H9',
      index: position,
      action: 'replace-input',
      detail: `input of call ${call.id} was ${fixed.reason}`,
      ...named,
    });
  }
  if (!fixed.changed && call.id === part.toolCallId && call.name === part.toolName) return part;
  return { ...part, toolCallId: call.id, toolName: call.name, input: fixed.input };
}

/**
 * A provider-executed result inside the assistant turn (Anthropic server tools) follows its call's id
 * when the call was renamed (H6), so the two stay paired.
 */
function providerResult(part: ToolResultPart, call: CallRecord | undefined): ToolResultPart {
  return call === undefined || call.id === part.toolCallId ? part : { ...part, toolCallId: call.id };
}

/**
 * The call of the assistant turn at `position` that a result inside that turn answers: the first one
 * with its id answered in the turn and not in `taken` (the calls earlier results of the turn answered).
 */
function turnCall(
  context: EmitContext,
  part: ToolResultPart,
  position: number,
  taken?: ReadonlySet<CallRecord>,
): CallRecord | undefined {
  const calls = context.index.callsOfMessage.get(position) ?? [];
  return calls.find(
    (candidate) =>
      candidate.inputId === part.toolCallId && candidate.answeredInTurn && taken?.has(candidate) !== true,
  );
}

/** The results of one turn, right after it (H1, H3, H4, H10, H14). */
function emitResults(context: EmitContext, calls: readonly CallRecord[], position: number): void {
  const { messages, index, out } = context;
  const orphans: ResultRecord[] = [];
  let last: ToolMessage | undefined;
  let lastSource = position;
  const firstOut = out.length;
  for (let runIndex = position + 1; index.owner[runIndex] === position; runIndex++) {
    const message = messages[runIndex] as ToolMessage;
    const kept: ToolMessage['content'][number][] = [];
    let changed = false;
    message.content.forEach((part, partIndex) => {
      const record = index.results.get(partKey(runIndex, partIndex));
      if (record === undefined) {
        kept.push(part);
        return;
      }
      if (record.fate === 'paired' && record.call?.message === position) {
        const rewritten = rewriteResult(context, record);
        if (rewritten !== part) changed = true;
        kept.push(rewritten);
        return;
      }
      changed = true;
      if (record.fate === 'orphan') orphans.push(record);
    });
    if (kept.length === 0) continue;
    last = changed ? { ...message, content: kept } : message;
    lastSource = runIndex;
    out.push({ message: last, source: runIndex });
  }
  const extra: ToolResultPart[] = context.turnResults.splice(0);
  for (const call of calls) {
    if (isDropped(context, call)) continue;
    const result = call.result;
    if (result !== undefined) {
      if (index.owner[result.message] === position) continue;
      extra.push(rewriteResult(context, result));
      const sameUserTurn =
        result.message > position &&
        index.previousTurn[result.message] === position &&
        (context.target === 'anthropic' || context.target === 'bedrock');
      context.changes.push({
        rule: sameUserTurn ? 'H4' : 'H3',
        index: result.message,
        action: 'move-result',
        detail: sameUserTurn
          ? `result of call ${call.id} moved before the user content of its turn (results first)`
          : `result of call ${call.id} moved right after its call (message ${position})`,
        ...(call.inputId === undefined ? {} : { toolCallId: call.inputId }),
      });
    } else if (!call.answeredInTurn) {
      const text = call.invalid ? invalidCallResultText(call.invalid.error) : INTERRUPTED_RESULT_TEXT;
      extra.push({
        type: 'tool-result',
        toolCallId: call.id,
        toolName: call.name,
        output: { type: 'error-text', value: text },
      });
      context.changes.push({
        rule: call.invalid ? 'H10' : 'H1',
        index: position,
        action: 'insert-result',
        detail: `call ${call.id} (${call.name}) had no result; an error result was added`,
        ...(call.inputId === undefined ? {} : { toolCallId: call.inputId }),
      });
    }
  }
  if (extra.length > 0) {
    if (last !== undefined && out[out.length - 1]?.message === last) {
      out[out.length - 1] = {
        message: { ...last, content: [...last.content, ...extra] },
        source: lastSource,
      };
    } else out.push({ message: { role: 'tool', content: extra }, source: position });
  }
  if (context.target === 'gemini' || context.resultOrder === 'calls')
    putInCallOrder(context, calls, firstOut, position);
  emitOrphans(context, [...context.turnOrphans.splice(0), ...orphans], lastSource);
}

/**
 * Gemini pairs function responses by position when ids are absent (Vertex never gets them), so one turn's
 * results go in the order of its calls, in one tool message (providers.md §4d); so do chat templates,
 * which print results one after another (policy `resultOrder: 'calls'`).
 */
function putInCallOrder(
  context: EmitContext,
  calls: readonly CallRecord[],
  firstOut: number,
  position: number,
): void {
  const order = new Map(calls.map((call, callIndex) => [call.id, callIndex]));
  const emitted = context.out.slice(firstOut);
  const parts = emitted.flatMap((entry) => (entry.message as ToolMessage).content);
  const rank = (part: ToolMessage['content'][number]): number =>
    part.type === 'tool-result' ? (order.get(part.toolCallId) ?? calls.length) : calls.length;
  const ordered = parts.every(
    (part, partIndex) => partIndex === 0 || rank(parts[partIndex - 1] as typeof part) <= rank(part),
  );
  // Gemini answers a turn's calls with one content: results in several tool messages are joined.
  const gemini = context.target === 'gemini';
  if (ordered && (emitted.length <= 1 || !gemini)) return;
  const sorted = parts
    .map((part, partIndex) => ({ part, partIndex }))
    .sort((a, b) => rank(a.part) - rank(b.part) || a.partIndex - b.partIndex)
    .map(({ part }) => part);
  const first = emitted[0] as SourcedMessage;
  context.out.splice(firstOut, emitted.length, {
    message: { ...(first.message as ToolMessage), content: sorted },
    source: first.source,
  });
  context.changes.push({
    rule: 'H3',
    index: first.source,
    action: 'move-result',
    detail: ordered
      ? `results of message ${position} joined in one tool message (Gemini answers a turn with one content)`
      : `results of message ${position} put in the order of its calls (${gemini ? 'Gemini pairs by position without ids' : "policy resultOrder: 'calls'"})`,
  });
}

function rewriteResult(context: EmitContext, record: ResultRecord): ToolResultPart {
  const call = record.call as CallRecord;
  const part = record.value;
  // A missing name is bad data whatever the target; Gemini needs the call's own name (H14).
  const recoverName =
    typeof part.toolName !== 'string' ||
    part.toolName === '' ||
    (context.target === 'gemini' && part.toolName !== call.name);
  if (recoverName) {
    context.changes.push({
      rule: 'H14',
      index: record.message,
      action: 'set-tool-name',
      detail:
        typeof part.toolName === 'string' && part.toolName !== ''
          ? `result named ${JSON.stringify(part.toolName)} given its call's name ${JSON.stringify(call.name)}`
          : `result without a tool name given its call's name ${JSON.stringify(call.name)}`,
      ...(call.inputId === undefined ? {} : { toolCallId: call.inputId }),
    });
  }
  if (!recoverName && part.toolCallId === call.id) return part;
  return { ...part, toolCallId: call.id, toolName: call.name };
}

/** A tool message that follows no assistant turn: its results go to their calls; orphans stay here. */
function emitStrayToolMessage(context: EmitContext, message: ToolMessage, position: number): void {
  const orphans: ResultRecord[] = [];
  const kept: ToolMessage['content'][number][] = [];
  message.content.forEach((part, partIndex) => {
    const record = context.index.results.get(partKey(position, partIndex));
    if (record === undefined) kept.push(part);
    else if (record.fate === 'orphan') orphans.push(record);
  });
  if (kept.length === message.content.length) context.out.push({ message, source: position });
  else if (kept.length > 0) context.out.push({ message: { ...message, content: kept }, source: position });
  emitOrphans(context, orphans, position);
}

function emitOrphans(context: EmitContext, orphans: readonly ResultRecord[], source: number): void {
  if (orphans.length === 0) return;
  const texts: TextPart[] = [];
  for (const orphan of orphans) {
    const id = orphan.value.toolCallId;
    const named = typeof id === 'string' && id !== '' ? { toolCallId: id } : {};
    if (context.orphan === 'text') {
      const { toolName } = orphan.value;
      // Anthropic's results carry no tool name: then the call id alone names it.
      const of =
        toolName === ''
          ? `call ${JSON.stringify(id)}`
          : `tool ${JSON.stringify(toolName)} (call ${JSON.stringify(id)})`;
      texts.push({
        type: 'text',
        text: `Result of ${of}, whose call is not in the history:\n${resultText(orphan.value.output)}`,
      });
    }
    context.changes.push({
      rule: 'H2',
      index: orphan.message,
      action: context.orphan === 'text' ? 'result-to-text' : 'drop-result',
      detail:
        context.orphan === 'text'
          ? 'result without a call kept as user text'
          : 'result without a call removed',
      ...named,
    });
  }
  if (texts.length > 0) context.out.push({ message: { role: 'user', content: texts }, source });
}
