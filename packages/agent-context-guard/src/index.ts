export { ContextGuardError, type ContextGuardErrorCode } from './errors.js';
export { createContextGuard, restoreContextGuard } from './guard.js';
export { createLiteralVerifier } from './literal-verifier.js';
export {
  CONTEXT_FINDING_STATUSES,
  CONTEXT_GUARD_SCHEMA_VERSION,
  CONTEXT_ITEM_KINDS,
  MAX_CONTEXT_ITEM_CONTENT_LENGTH,
  MAX_CONTEXT_ITEM_ID_LENGTH,
} from './schema.js';
export type {
  ContextFinding,
  ContextFindingStatus,
  ContextGuard,
  ContextGuardIssueCode,
  ContextGuardReport,
  ContextGuardSnapshot,
  ContextItem,
  ContextItemInput,
  ContextItemKind,
  ContextVerifier,
  ContextVerifierInput,
  GuardVerifyOptions,
  LiteralVerifierOptions,
  VerifyContextOptions,
} from './types.js';
export { verifyContext } from './verify.js';
