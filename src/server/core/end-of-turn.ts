import { getFormat } from '../../formats/index.js';
import type { PromptRenderer } from '../template/prompt-renderer.js';

/** Stand-ins for the probe conversation's texts, unlike anything a template writes around them. */
const FIRST = 'qz7PROBEuser1';
const ANSWER = 'qz7PROBEassistant';
const SECOND = 'qz7PROBEuser2';

/**
 * A special token as templates write them: `<|im_end|>`, `<|eot_id|>`, `<｜end▁of▁sentence｜>`,
 * `<|END_OF_TURN_TOKEN|>`; and the few spelled otherwise (`</s>`, Gemma's `<end_of_turn>`,
 * Seed-OSS's `<seed:eos>`, MiniMax's `[e~[`). Bounded and without nested repetition: linear.
 */
const specialTokens = /<[|｜][^<>|｜\s]{1,48}[|｜]>|<\/s>|<end_of_turn>|<seed:eos>|\[e~\[/g;

/**
 * The text that ends an assistant turn in `renderer`'s template (`<|im_end|>` for ChatML, `<|eot_id|>`
 * for Llama 3, `</s>` for Mistral, `<|user|>` for GLM, which ends a turn by opening the next): the
 * first special token the template writes after an assistant message's text that is not one of the
 * format's own markers (Command R7B's `<|END_RESPONSE|>` is read by the format; its
 * `<|END_OF_TURN_TOKEN|>` ends the turn), found by rendering a
 * three-message conversation once. An answer that holds it has ended there; what a backend that does
 * not stop at it (a wrong end-of-generation token in a model file, `ignore_eos`) writes after it is the
 * model inventing the next turns (a tool result, the user's reply, more calls), never the answer.
 *
 * Llama 3's `<|eot_id|>` brings `<|eom_id|>` with it (`companions`); gpt-oss, whose every token there is
 * the format's own, ends at `<|return|>` (`ownTurnEnds`, read with the text before it). Empty when the template writes no such token there (a Jinja template that writes
 * `eos_token`, with no tokenizer config to name it) or fails on the probe.
 */
export function endOfTurnMarkers(renderer: PromptRenderer | undefined, format: string): readonly string[] {
  if (renderer === undefined) return [];
  let prompt: string;
  try {
    prompt = renderer.render({
      messages: [
        { role: 'user', content: FIRST },
        { role: 'assistant', content: ANSWER },
        { role: 'user', content: SECOND },
      ],
      tools: [],
      toolChoice: { type: 'auto' },
      date: new Date(0),
    });
  } catch {
    return [];
  }
  const start = prompt.indexOf(ANSWER);
  const end = prompt.indexOf(SECOND, start);
  if (start === -1 || end === -1) return [];
  const markers = getFormat(format).markers;
  for (const [token] of prompt.slice(start + ANSWER.length, end).matchAll(specialTokens))
    if (!markers.includes(token)) return [token, ...(companions[token] ?? [])];
  return ownTurnEnds[format] ?? [];
}

/**
 * Ends of a turn that a rendered history does not show beside the one it does: Llama 3.1 ends a turn
 * that waits for a tool's result with `<|eom_id|>`.
 */
const companions: Readonly<Record<string, readonly string[]>> = { '<|eot_id|>': ['<|eom_id|>'] };

/**
 * Formats whose turn ends at markers of their own, which the format reads (so the probe skips them):
 * gpt-oss ends its turn with `<|return|>` after the final answer (its `<|end|>` only ends a channel;
 * `<|call|>` ends a call, which servers that keep going follow with the next one). The answer is read
 * up to and with such a marker.
 */
const ownTurnEnds: Readonly<Record<string, readonly string[]>> = { harmony: ['<|return|>'] };

/**
 * Whether `marker`, an end of turn of `format`, is read by the format itself (given to the parser
 * with the text before it), not left out.
 */
export function formatReadsEnd(format: string, marker: string): boolean {
  return getFormat(format).markers.includes(marker);
}
