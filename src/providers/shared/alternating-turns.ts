import { appendAll } from '../../internal/append-all.js';

/** One turn being built: a lone string, or tool results (always first) and other blocks. */
interface Turn<Block> {
  readonly role: 'user' | 'assistant';
  text: string | undefined;
  readonly results: Block[];
  readonly blocks: Block[];
}

/**
 * Builds the strictly alternating `user` / `assistant` turns Anthropic Messages and Bedrock Converse
 * require: content added with the role of the last turn joins it (same-role messages merge, a canonical
 * `tool` message joins the user turn around it), and in a user turn the tool results come before any
 * other block ("tool_result blocks … must come first": Anthropic handle-tool-calls; providers.md §3(d),
 * H3). Nothing is written for content that is empty, so no turn is ever empty.
 *
 * `keepStrings`: a turn made of one string message stays a string (Anthropic's `content: "…"`); a
 * string merged with anything else becomes a text block (`textBlock`).
 */
export class AlternatingTurns<Block> {
  private readonly turns: Turn<Block>[] = [];

  constructor(
    private readonly textBlock: (text: string) => Block,
    private readonly keepStrings: boolean,
  ) {}

  /** Adds text; `''` adds nothing (providers reject empty text blocks, H12). */
  addText(role: 'user' | 'assistant', text: string): void {
    if (text === '') return;
    const last = this.turns.at(-1);
    if (this.keepStrings && last?.role !== role) {
      this.turns.push({ role, text, results: [], blocks: [] });
    } else this.addBlocks(role, [this.textBlock(text)]);
  }

  addBlocks(role: 'user' | 'assistant', blocks: readonly Block[]): void {
    if (blocks.length > 0) appendAll(this.turn(role).blocks, blocks);
  }

  /** Adds tool results to the user turn (before its other blocks). */
  addResults(results: readonly Block[]): void {
    if (results.length > 0) appendAll(this.turn('user').results, results);
  }

  /** The turns, in order: `content` is the lone string or the results followed by the other blocks. */
  build(): Array<{ role: 'user' | 'assistant'; content: string | Block[] }> {
    return this.turns.map((turn) => ({
      role: turn.role,
      content: turn.text ?? [...turn.results, ...turn.blocks],
    }));
  }

  private turn(role: 'user' | 'assistant'): Turn<Block> {
    const last = this.turns.at(-1);
    if (last?.role !== role) {
      const turn: Turn<Block> = { role, text: undefined, results: [], blocks: [] };
      this.turns.push(turn);
      return turn;
    }
    if (last.text !== undefined) {
      last.blocks.push(this.textBlock(last.text));
      last.text = undefined;
    }
    return last;
  }
}
