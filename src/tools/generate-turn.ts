// One model turn of an agent run: the model's reply, whole or streamed, read into an assistant message.

import { ToolwireError } from '../errors/toolwire-error.js';
import { EventCollector } from '../formats/collect-events.js';
import { describe } from '../internal/describe-value.js';
import type { ToolChoice, Usage } from '../providers/provider-converter.js';
import type { AssistantMessage, Message } from '../types/message.js';
import type { ToolDefinition } from '../types/tool.js';
import { addUsage } from './add-usage.js';
import type { AgentEvent } from './agent-event.js';
import {
  type AgentModel,
  type AgentModelOutput,
  type AgentModelResponse,
  type AgentStreamPart,
  isAsyncIterable,
} from './agent-model.js';
import { FreshCallIds } from './fresh-call-ids.js';
import { parseResultMessage } from './parse-result-message.js';
import { ABORTED, untilAborted } from './until-aborted.js';

const PARSE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-end',
  'tool-call',
  'tool-call-invalid',
]);

export interface Turn {
  readonly message: AssistantMessage;
  readonly usage?: Usage;
}

/** One model turn, whole or streamed (each streamed part is emitted as it arrives). */
export async function generateTurn(
  model: AgentModel,
  history: readonly Message[],
  tools: readonly ToolDefinition[],
  context: { step: number; signal: AbortSignal | undefined; toolChoice: ToolChoice | undefined },
  emit: (event: AgentEvent) => void,
): Promise<Turn> {
  const { step, signal, toolChoice } = context;
  const output = await untilAborted(
    Promise.resolve().then(() =>
      model.generate([...history], tools, {
        step,
        ...(signal ? { abortSignal: signal } : {}),
        ...(toolChoice ? { toolChoice } : {}),
      }),
    ),
    signal,
  );
  if (output === ABORTED || signal?.aborted) throw ABORTED;
  if (isAsyncIterable(output)) return readStream(output, history, step, signal, emit);
  const turn = readResponse(output);
  if (turn.usage) emit({ type: 'usage', step, usage: turn.usage });
  return turn;
}

function readResponse(output: AgentModelOutput): Turn {
  if (typeof output === 'object' && output !== null) {
    if (isAssistantMessage(output)) return { message: output };
    const response = output as AgentModelResponse;
    if (isAssistantMessage(response.message))
      return response.usage
        ? { message: response.message, usage: response.usage }
        : { message: response.message };
  }
  throw new ToolwireError(
    'invalid_argument',
    `model.generate() must return an assistant message, { message, usage? } or an async iterable of parse events, got ${describe(output)}`,
  );
}

/**
 * An assistant message whose content is text or a part list: one without content would go into the
 * history as it is and break the next request (and `repairHistory`, which refuses it).
 */
function isAssistantMessage(value: unknown): value is AssistantMessage {
  const message = value as { role?: unknown; content?: unknown } | null;
  return (
    typeof message === 'object' &&
    message?.role === 'assistant' &&
    (typeof message.content === 'string' || Array.isArray(message.content))
  );
}

async function readStream(
  stream: AsyncIterable<AgentStreamPart>,
  history: readonly Message[],
  step: number,
  signal: AbortSignal | undefined,
  emit: (event: AgentEvent) => void,
): Promise<Turn> {
  const iterator = stream[Symbol.asyncIterator]();
  const collector = new EventCollector();
  let usage: Usage | undefined;
  let done = false;
  try {
    for (;;) {
      const next = await untilAborted(iterator.next(), signal);
      if (next === ABORTED || signal?.aborted) throw ABORTED;
      if (next.done) {
        done = true;
        break;
      }
      const part = next.value;
      if (part?.type === 'usage') {
        usage = addUsage(usage ?? {}, part.usage);
        emit({ type: 'usage', step, usage: part.usage });
      } else if (PARSE_EVENT_TYPES.has(part?.type)) {
        collector.add([part]);
        emit({ type: 'parse-event', step, event: part });
      } else {
        throw new ToolwireError(
          'invalid_argument',
          `a model stream must yield parse events or { type: 'usage' }, got ${describe(part)} ${JSON.stringify((part as { type?: unknown })?.type)}`,
        );
      }
    }
  } finally {
    // Stop a stream left early (error, abort): its producer may hold a connection.
    if (!done) iterator.return?.()?.catch?.(() => {});
  }
  // An invalid call without an id is named `invalid_N`, one the history does not hold yet.
  const result = collector.result('stream');
  const own = [...result.toolCalls, ...result.invalidToolCalls].flatMap((call) => call.id ?? []);
  const message = parseResultMessage(result, new FreshCallIds(history, own));
  return usage ? { message, usage } : { message };
}
