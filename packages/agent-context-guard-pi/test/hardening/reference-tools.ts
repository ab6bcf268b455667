import {
  applyReferenceChange,
  isReferenceKind,
  rejected,
  type ReferenceOutcome,
  type ReferenceState,
} from './reference-context-guard.js';

// The README's tool table: Pi checks `context_guard_protect`'s arguments against the schema first (`id` and
// `content` strings, `kind` one of the five; there is no `critical`), then the tool refuses any `critical` a
// model still sends other than false (a `null` counts as absent) and applies the same addition as the
// command, never critical: only a person makes an item critical.

export const PROTECT_TOOL = 'context_guard_protect';
export const LIST_TOOL = 'context_guard_list';

export type ReferenceProtectResult =
  | { readonly kind: 'invalid_arguments' }
  | { readonly kind: 'outcome'; readonly outcome: ReferenceOutcome };

const INVALID: ReferenceProtectResult = { kind: 'invalid_arguments' };

export function runReferenceProtect(state: ReferenceState, args: Readonly<Record<string, unknown>>): ReferenceProtectResult {
  const { id, kind, content } = args;
  if (typeof id !== 'string' || typeof content !== 'string' || !isReferenceKind(kind)) {
    return INVALID;
  }
  const critical = args['critical'] ?? false;
  if (critical !== false) {
    return { kind: 'outcome', outcome: rejected({ code: 'critical_by_model' }) };
  }
  return { kind: 'outcome', outcome: applyReferenceChange(state, { kind: 'add', id, itemKind: kind, content, critical: false }) };
}
