export {
  INTERRUPTED_RESULT_TEXT,
  invalidCallResultText,
  type RepairHistoryPolicy,
} from './emit-paired-history.js';
export { MISTRAL_BRIDGE_TEXT } from './finish-for-target.js';
export type { HistoryAction, HistoryChange, HistoryRule } from './history-change.js';
export { type RepairHistoryOptions, type RepairHistoryResult, repairHistory } from './repair-history.js';
