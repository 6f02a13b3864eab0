import { ToolwireError } from './toolwire-error.js';

/** Thrown when a tool list passed by the developer is not an array of `{ name, parameters }` entries. */
export class InvalidToolsError extends ToolwireError {
  override name = 'InvalidToolsError';
  readonly index: number | undefined;

  constructor(message: string, index?: number) {
    super('invalid_tools', index === undefined ? message : `tools[${index}]: ${message}`);
    this.index = index;
  }
}
