import { ToolwireError } from './toolwire-error.js';

/** Thrown by `getFormat` when `id` is neither a format id nor an alias. `known` lists the valid ids. */
export class UnknownFormatError extends ToolwireError {
  override name = 'UnknownFormatError';
  readonly id: string;
  readonly known: readonly string[];

  constructor(id: string, known: readonly string[]) {
    super('unknown_format', `unknown format ${JSON.stringify(id)}; known formats: ${known.join(', ')}`);
    this.id = id;
    this.known = known;
  }
}
