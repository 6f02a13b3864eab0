export { type FromParseResultOptions, fromParseResult } from './from-parse-result.js';
