import { setOwnProperty } from '../../internal/set-own-property.js';
import type { AssistantPart, Message, ProviderOptions, TextPart } from '../../types/message.js';
import type { ProviderId } from '../provider-converter.js';
import type { SourcedMessage } from './emit-paired-history.js';
import type { HistoryChange } from './history-change.js';
import { idRuleOf, metadataKeyOf, nameRuleOf, PROVIDER_METADATA_KEYS } from './target-rules.js';
import { WireNames } from './wire-names.js';

/** The text of the assistant message put between a Mistral tool message and a user message (H5). */
export const MISTRAL_BRIDGE_TEXT = 'Tool results received.';

/** What the per-target pass needs beyond the messages. */
export interface FinishContext {
  readonly target: ProviderId;
  readonly changes: HistoryChange[];
  /** Input id of each unique id (for the changes' `toolCallId`). */
  readonly inputIds: ReadonlyMap<string, string | undefined>;
  /** Tool names declared beside the history, reserved first and in this order (H8, H13). */
  readonly toolNames: readonly string[];
}

/** The wire-id and wire-name maps, wire form → input form, for every id or name that changed. */
export interface FinishMaps {
  readonly idMap: Record<string, string>;
  readonly nameMap: Record<string, string>;
}

type AnyPart = { readonly type: string; readonly providerOptions?: ProviderOptions };

/**
 * The per-target finishing of a paired history, in linear passes:
 * 1. parts (H7, H8, H11, H12): ids and tool names through one collision-free map each (calls and
 *    results alike); other providers' `providerOptions` removed; reasoning the target cannot take
 *    removed; empty text removed; messages left empty removed;
 * 2. Anthropic and Bedrock: adjacent user or assistant messages merged (H12: roles alternate);
 * 3. Mistral: an assistant message between a tool message and a user message (H5);
 * 4. Bedrock: trailing whitespace of a final assistant text trimmed (H12: a prefill may not end in it).
 */
export function finishForTarget(
  history: readonly SourcedMessage[],
  context: FinishContext,
): { messages: Message[] } & FinishMaps {
  const maps = wireMaps(history, context);
  const parted: SourcedMessage[] = [];
  for (const entry of history) {
    const message = finishParts(entry, context, maps);
    if (message !== undefined) parted.push({ message, source: entry.source });
  }
  const merged =
    context.target === 'anthropic' || context.target === 'bedrock' ? mergeRoles(parted, context) : parted;
  const bridged = context.target === 'mistral' ? bridgeToolToUser(merged, context) : merged;
  const messages = bridged.map((entry) => entry.message);
  if (context.target === 'bedrock') trimFinalText(messages, bridged, context);
  return { messages, idMap: maps.idMap, nameMap: maps.nameMap };
}

interface WireMaps extends FinishMaps {
  readonly ids: ((id: string) => string) | undefined;
  readonly names: ((name: string) => string) | undefined;
}

function forEachToolPart(
  history: readonly SourcedMessage[],
  visit: (id: string, name: string, source: number) => void,
): void {
  for (const { message, source } of history) {
    if ((message.role !== 'assistant' && message.role !== 'tool') || typeof message.content === 'string')
      continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' || part.type === 'tool-result')
        visit(part.toolCallId, part.toolName, source);
    }
  }
}

/** Reserves what the target accepts, then claims the rest: ids and names, first occurrence first (H7, H8). */
function wireMaps(history: readonly SourcedMessage[], context: FinishContext): WireMaps {
  const idRule = idRuleOf(context.target);
  const nameRule = nameRuleOf(context.target);
  const idWire = idRule && new WireNames(idRule);
  const nameWire = nameRule && new WireNames(nameRule);
  for (const name of context.toolNames) nameWire?.reserve(name);
  forEachToolPart(history, (id, name) => {
    idWire?.reserve(id);
    nameWire?.reserve(name);
  });
  const idMap: Record<string, string> = {};
  const nameMap: Record<string, string> = {};
  const reported = new Set<string>();
  const claimName = (name: string, source: number | undefined): string => {
    const wire = (nameWire as WireNames).claim(name);
    if (wire !== name) setOwnProperty(nameMap, wire, name);
    if (wire !== name && source !== undefined && !reported.has(name)) {
      reported.add(name);
      context.changes.push({
        rule: 'H8',
        index: source,
        action: 'rename-tool',
        detail: `tool name ${JSON.stringify(name)} is not allowed by the target; renamed ${JSON.stringify(wire)}`,
      });
    }
    return wire;
  };
  for (const name of context.toolNames) if (nameWire) claimName(name, undefined);
  const claimed = new Map<string, number>();
  forEachToolPart(history, (id, name, source) => {
    if (!claimed.has(id)) claimed.set(id, source);
    if (nameWire) claimName(name, source);
  });
  for (const [id, source] of claimed) {
    const wire = idWire ? idWire.claim(id) : id;
    const inputId = context.inputIds.has(id) ? context.inputIds.get(id) : id;
    // Renamed here (H7) or by the pairing pass (H6: a repeated id suffixed): either way, read back.
    if (inputId !== undefined && wire !== inputId) setOwnProperty(idMap, wire, inputId);
    if (wire === id) continue;
    context.changes.push({
      rule: 'H7',
      index: source,
      action: 'rename-id',
      detail: `id ${id} is not allowed by the target; rewritten ${wire} in the call and its results`,
      ...(inputId === undefined ? {} : { toolCallId: inputId }),
    });
  }
  return {
    idMap,
    nameMap,
    ids: idWire && ((id) => idWire.claim(id)),
    names: nameWire && ((name) => nameWire.claim(name)),
  };
}

/** Whether a reasoning part carries the target's own signature or item (H11). */
function signedFor(part: AnyPart, target: ProviderId): boolean {
  const own = part.providerOptions?.[metadataKeyOf(target) ?? ''];
  if (own === undefined) return false;
  if (target === 'openai-responses')
    return own.itemId !== undefined || own.reasoningEncryptedContent !== undefined;
  return own.signature !== undefined || own.redactedData !== undefined;
}

/** Targets that take reasoning back only as their own signed blocks or items (H11). */
const signedReasoningOnly: ReadonlySet<ProviderId> = new Set(['anthropic', 'bedrock', 'openai-responses']);

function strippedOptions(
  options: ProviderOptions | undefined,
  keep: string | undefined,
  removed: Set<string>,
): ProviderOptions | undefined {
  if (options === undefined) return undefined;
  let result: ProviderOptions | undefined;
  for (const key of Object.keys(options)) {
    if (key === keep || !PROVIDER_METADATA_KEYS.includes(key)) continue;
    removed.add(key);
    result ??= { ...options };
    delete result[key];
  }
  return result ?? options;
}

function withOptions<T extends AnyPart>(part: T, options: ProviderOptions | undefined): T {
  if (options === part.providerOptions) return part;
  const { providerOptions: _dropped, ...rest } = part;
  return (Object.keys(options ?? {}).length === 0 ? rest : { ...rest, providerOptions: options }) as T;
}

function finishParts(entry: SourcedMessage, context: FinishContext, maps: WireMaps): Message | undefined {
  const { message, source } = entry;
  const { target, changes } = context;
  const keep = metadataKeyOf(target);
  const removed = new Set<string>();
  const messageOptions = strippedOptions(message.providerOptions, keep, removed);
  const dropMessage = (): undefined => {
    changes.push({
      rule: 'H12',
      index: source,
      action: 'drop-message',
      detail: `${message.role} message without content removed`,
    });
    return undefined;
  };
  let content: Message['content'] = message.content;
  if (typeof content === 'string') {
    if (content.trim() === '') return dropMessage();
  } else {
    const parts: AnyPart[] = [];
    let changed = false;
    for (const part of content as readonly AnyPart[]) {
      if (part.type === 'text' && (part as TextPart).text.trim() === '') {
        changed = true;
        changes.push({ rule: 'H12', index: source, action: 'drop-part', detail: 'empty text part removed' });
        continue;
      }
      if (part.type === 'reasoning' && signedReasoningOnly.has(target) && !signedFor(part, target)) {
        changed = true;
        changes.push({
          rule: 'H11',
          index: source,
          action: 'drop-part',
          detail:
            "reasoning without the target's own signature removed (the target takes back only its own signed reasoning)",
        });
        continue;
      }
      if (part.type === 'reasoning' && (part as TextPart).text.trim() === '' && !signedFor(part, target)) {
        // Another provider's encrypted or redacted reasoning has no text: nothing is left to send.
        changed = true;
        changes.push({
          rule: 'H12',
          index: source,
          action: 'drop-part',
          detail: 'empty reasoning part removed',
        });
        continue;
      }
      let next = withOptions(part, strippedOptions(part.providerOptions, keep, removed));
      if (next.type === 'tool-result') {
        const output = (next as AnyPart & { output: AnyPart }).output;
        const strippedOutput = withOptions(output, strippedOptions(output.providerOptions, keep, removed));
        if (strippedOutput !== output) next = { ...next, output: strippedOutput } as AnyPart;
      }
      if (next.type === 'tool-call' || next.type === 'tool-result') {
        const tool = next as AnyPart & { toolCallId: string; toolName: string };
        const id = maps.ids ? maps.ids(tool.toolCallId) : tool.toolCallId;
        const name = maps.names ? maps.names(tool.toolName) : tool.toolName;
        if (id !== tool.toolCallId || name !== tool.toolName)
          next = { ...tool, toolCallId: id, toolName: name } as AnyPart;
      }
      if (next !== part) changed = true;
      parts.push(next);
    }
    if (parts.length === 0) return dropMessage();
    if (changed) content = parts as unknown as Message['content'];
  }
  if (removed.size > 0) {
    changes.push({
      rule: 'H11',
      index: source,
      action: 'strip-metadata',
      detail: `providerOptions of ${[...removed].join(', ')} removed (another provider's metadata)`,
    });
  }
  if (content === message.content && messageOptions === message.providerOptions) return message;
  return withOptions({ ...message, content } as Message & AnyPart, messageOptions) as Message;
}

function asParts(message: Message): readonly AnyPart[] {
  return typeof message.content === 'string'
    ? [{ type: 'text', text: message.content } as TextPart]
    : (message.content as readonly AnyPart[]);
}

function mergeRoles(history: readonly SourcedMessage[], context: FinishContext): SourcedMessage[] {
  const out: SourcedMessage[] = [];
  // The parts of the merged message `out` ends with, appended in place: copying them at every merge
  // would make a run of n same-role messages quadratic.
  let merged: AnyPart[] | undefined;
  for (const entry of history) {
    const previous = out[out.length - 1];
    const role = entry.message.role;
    if (
      previous === undefined ||
      previous.message.role !== role ||
      (role !== 'user' && role !== 'assistant')
    ) {
      out.push(entry);
      merged = undefined;
      continue;
    }
    if (
      merged === undefined ||
      (previous.message.providerOptions === undefined && entry.message.providerOptions !== undefined)
    ) {
      merged ??= [...asParts(previous.message)];
      const providerOptions = previous.message.providerOptions ?? entry.message.providerOptions;
      out[out.length - 1] = {
        message: {
          role,
          content: merged,
          ...(providerOptions === undefined ? {} : { providerOptions }),
        } as unknown as Message,
        source: previous.source,
      };
    }
    for (const part of asParts(entry.message)) merged.push(part);
    context.changes.push({
      rule: 'H12',
      index: entry.source,
      action: 'merge-messages',
      detail: `${role} message merged into the ${role} message before it (roles must alternate)`,
    });
  }
  return out;
}

function bridgeToolToUser(history: readonly SourcedMessage[], context: FinishContext): SourcedMessage[] {
  const out: SourcedMessage[] = [];
  for (const entry of history) {
    if (entry.message.role === 'user' && out[out.length - 1]?.message.role === 'tool') {
      const bridge: AssistantPart = { type: 'text', text: MISTRAL_BRIDGE_TEXT };
      out.push({ message: { role: 'assistant', content: [bridge] }, source: entry.source });
      context.changes.push({
        rule: 'H5',
        index: entry.source,
        action: 'insert-message',
        detail: 'assistant message put between the tool results and the user message',
      });
    }
    out.push(entry);
  }
  return out;
}

function trimFinalText(
  messages: Message[],
  history: readonly SourcedMessage[],
  context: FinishContext,
): void {
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant') return;
  const source = history[history.length - 1]?.source ?? 0;
  const detail = 'trailing whitespace of the final assistant text removed';
  if (typeof last.content === 'string') {
    const trimmed = last.content.trimEnd();
    if (trimmed === last.content) return;
    messages[messages.length - 1] = { ...last, content: trimmed };
  } else {
    const position = last.content.length - 1;
    const part = last.content[position];
    if (part?.type !== 'text' || part.text.trimEnd() === part.text) return;
    const content = [...last.content];
    content[position] = { ...part, text: part.text.trimEnd() };
    messages[messages.length - 1] = { ...last, content };
  }
  context.changes.push({ rule: 'H12', index: source, action: 'trim-text', detail });
}
