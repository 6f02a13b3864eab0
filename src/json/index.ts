export { nestedDeeperThan } from '../internal/value-depth.js';
export { healPartialJson } from './heal-partial-json.js';
export type { JsonRepair, JsonRepairKind } from './json-repair.js';
export { JsonScanner, type ScanJsonValueEndOptions, scanJsonValueEnd } from './json-scanner.js';
export {
  type LenientJsonResult,
  type ParseLenientJsonOptions,
  parseLenientJson,
  parseLenientJsonValue,
} from './parse-lenient-json.js';
