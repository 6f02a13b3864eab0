import { TextBuilder } from '../../internal/text-builder.js';

/**
 * Reasoning text held from a call marker on (`BaseFormatParser.scanText` with `unclosedOnly`): such a
 * marker opens a call only if its reasoning block never closes (a call written inside unclosed
 * thinking, vLLM #39056), while a block that closes after it only quoted the call (llama.cpp's
 * `lfm2` case "think about <|tool_call_start|>… hmm</think>"). Which one it is shows at the close tag
 * or at the end of the output, so the text waits here: then it is reasoning, or it is read again as
 * text after the block.
 */
export class HeldReasoning {
  private readonly text = new TextBuilder();
  /** Text is held. */
  active = false;
  /** The input offset of the held text's first code unit (for the debug span record). */
  origin = 0;

  start(origin: number): void {
    this.active = true;
    this.origin = origin;
    this.text.clear();
  }

  append(piece: string): void {
    this.text.append(piece);
  }

  /** The held text; nothing is held afterwards. */
  take(): string {
    this.active = false;
    return this.text.take();
  }
}
