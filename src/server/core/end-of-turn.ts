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
 * Empty when the template writes no such token there (a Jinja template that writes `eos_token`, with no
 * tokenizer config to name it) or fails on the probe; never one of the format's markers (gpt-oss's
 * `<|end|>` ends a channel, not the turn).
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
    if (!markers.includes(token)) return [token];
  return [];
}
