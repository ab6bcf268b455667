// Independent statements of the products' rules, written from their READMEs; tests and the bench
// compare the real adapters with them.
export {
  EMPTY_REFERENCE_STATE,
  REFERENCE_STATUSES,
  ReferenceAgentState,
  applyReferenceChange,
  isEmptyReferenceState,
  isReferenceId,
  isReferenceQuotedId,
  isReferenceStatus,
  isReferenceText,
  referenceSnapshot,
  type ReferenceChange,
  type ReferenceDecision,
  type ReferenceNoChange,
  type ReferenceOutcome,
  type ReferenceRejection,
  type ReferenceSnapshot,
  type ReferenceState,
  type ReferenceStatus,
  type ReferenceWorkItem,
} from './agent-state.js';
