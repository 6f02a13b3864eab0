export { HistoryInvalidError, type HistoryViolation } from './history-invalid-error.js';
export { InvalidToolsError } from './invalid-tools-error.js';
export { ToolwireError, type ToolwireErrorCode } from './toolwire-error.js';
export { UnknownFormatError } from './unknown-format-error.js';
