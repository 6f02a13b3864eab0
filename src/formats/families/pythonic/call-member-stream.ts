// Streams the keyword arguments of the open Python call as members of its argument JSON.
import type { JSONSchema } from '../../../types/json-schema.js';
import { StreamedMembers } from '../../core/streamed-values.js';

/**
 * Sends the keyword arguments the scanner completed for the announced call as members of its
 * argument JSON (`{"k":v` then `,"k2":v2`): strings, booleans and finite numbers that the tool's
 * property schema takes as they are (any without tools: see `keepsAsIs`). Objects and arrays, values
 * alignment would change, and what it adds, come with the call's last delta (`endCall`). The members
 * are the same however the text was chunked.
 */
export class CallMemberStream {
  /** The call was announced under this name, and its keyword arguments may stream. */
  private name: string | undefined;
  private readonly streamed = new StreamedMembers();

  /**
   * `send` emits one argument delta; `schemaOf` is the property schema lookup when tools were given
   * (without it every primitive member streams).
   */
  constructor(
    private readonly send: (delta: string) => void,
    private readonly schemaOf: ((name: string, key: string) => JSONSchema | undefined) | undefined,
  ) {}

  /** A call was announced: its members stream when `name` is given (`streamsAnnounced`). */
  begin(name: string | undefined): void {
    this.name = name;
  }

  /** Sends what may stream of `members`, in order; nothing unless a call began with a name. */
  stream(members: ReadonlyArray<readonly [string, unknown]>): void {
    const name = this.name;
    if (name === undefined) return;
    const schemaOf = this.schemaOf;
    for (const [key, value] of members) {
      const delta = this.streamed.delta(
        key,
        value,
        schemaOf === undefined ? undefined : schemaOf(name, key),
        schemaOf !== undefined,
      );
      if (delta !== undefined) this.send(delta);
    }
  }

  /**
   * What `endCall` needs once a member streamed: the last delta must close the object even when a
   * later copy of every streamed key took it back (`streamedKeys` may be empty).
   */
  parts(): ReturnType<StreamedMembers['parts']> {
    return this.streamed.parts();
  }

  /** Forgets the open call. */
  end(): void {
    this.name = undefined;
    this.streamed.clear();
  }
}
