export { AgentStateError } from './errors.js';
export { MAX_ID_LENGTH, MAX_TEXT_LENGTH, WORK_ITEM_STATUSES } from './schema.js';
export { createAgentState, restoreAgentState } from './state.js';
export { summarizeAgentState } from './summary.js';
export type {
  AgentState,
  AgentStateErrorCode,
  AgentStateInput,
  AgentStateSnapshot,
  AgentStateSummary,
  Decision,
  DecisionInput,
  WorkItem,
  WorkItemInput,
  WorkItemStatus,
} from './types.js';
