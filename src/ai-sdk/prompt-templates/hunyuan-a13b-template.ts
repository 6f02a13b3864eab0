// The Hunyuan-A13B chat template (its tool branch and its plain branch).

import type { PlainMessage, PromptTextContext } from '../prompt-text.js';
import { hunyuanA13bSystemClock, hunyuanA13bUserClock } from '../renderers/hunyuan-a13b-system.js';
import { rendererOf } from './renderer-of.js';
import { isoDay, pad } from './template-clock.js';

// Hunyuan-A13B: with tools, the template writes the first turn itself: its system turn (instructions,
// tool list, then the system text as `额外要求` or, with no system message, the rules before the first
// user turn; the date and weekday) closed by `<|extra_4|>`. User turns are `用户：…<|extra_0|>`, a past
// answer `助手：…<|eos|>` (a turn with calls has no prefix), results `…<|extra_0|>`; there is no
// generation prompt (the model writes `助手：` itself). A first message of another role is printed bare
// and the tool turn is lost, as in the template. Without tools its other branch: bare texts, closed
// by `<|extra_4|>` / `<|extra_0|>` / `<|eos|>`, `<|startoftext|>` before each user turn but the one
// right after the first message.
const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
// The template has no fallback for its clock: without `promptDate`, the local epoch day, so the same
// request gives the same bytes.
const hunyuanFallbackClock = new Date(1970, 0, 1);

/** `strftime_now('%Y-%m-%d %H:%M:%S')` and the Chinese weekday, as Hunyuan-A13B's template prints them. */
const hunyuanClock = (date: Date): string =>
  `${isoDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${weekdays[date.getDay()]}`;

export function hunyuanA13b({ history, section, date }: PromptTextContext): string {
  if (section === undefined) return hunyuanA13bPlain(history);
  const clock = hunyuanClock(date ?? hunyuanFallbackClock);
  const { join } = rendererOf('hunyuan_a13b');
  return history
    .map((message, index) => {
      const { role, content } = message;
      if (index === 0 && role === 'system')
        return `<|startoftext|>${join(section, content)}${hunyuanA13bSystemClock}${clock}<|extra_4|>`;
      if (index === 0 && role === 'user')
        return `<|startoftext|>${join(section, undefined)}${hunyuanA13bUserClock}${clock}<|extra_4|>用户：${content}<|extra_0|>`;
      if (index === 0 || role === 'system') return content;
      if (role === 'user') return `用户：${content}<|extra_0|>`;
      if (role === 'tool') return `${content}<|extra_0|>`;
      return `${content.endsWith('</tool_calls>') ? '' : '助手：'}${content}<|eos|>`;
    })
    .join('');
}

function hunyuanA13bPlain(messages: readonly PlainMessage[]): string {
  // An empty first message makes the template print `<|startoftext|>` twice before the next user turn.
  const head = messages[0]?.content === '' ? '<|startoftext|><|startoftext|>' : '';
  return messages
    .map(({ role, content }, index) => {
      if (role === 'system')
        return index === 0 && content !== '' ? `<|startoftext|>${content}<|extra_4|>` : content;
      if (role === 'assistant') return `${content}<|eos|>`;
      if (role === 'tool') return `${content}<|extra_0|>`;
      return `${index === 1 ? head : '<|startoftext|>'}${content}<|extra_0|>`;
    })
    .join('');
}
