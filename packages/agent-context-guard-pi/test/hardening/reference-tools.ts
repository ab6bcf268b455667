import {
  applyReferenceChange,
  isReferenceKind,
  type ReferenceOutcome,
  type ReferenceState,
} from './reference-context-guard.js';

// The README's tool table: Pi checks `context_guard_protect`'s arguments against the schema first (`id` and
// `content` strings, `kind` one of the five, `critical` an optional boolean, where a model's `null` counts as
// absent), then the tool applies the same addition as the command.

export const PROTECT_TOOL = 'context_guard_protect';
export const LIST_TOOL = 'context_guard_list';

export type ReferenceProtectResult =
  | { readonly kind: 'invalid_arguments' }
  | { readonly kind: 'outcome'; readonly outcome: ReferenceOutcome };

const INVALID: ReferenceProtectResult = { kind: 'invalid_arguments' };

/** The optional `critical`: absent (or null), a boolean, or a value the schema refuses. */
function criticalField(args: Readonly<Record<string, unknown>>): boolean | 'invalid' {
  const critical = args['critical'] ?? false;
  return typeof critical === 'boolean' ? critical : 'invalid';
}

export function runReferenceProtect(state: ReferenceState, args: Readonly<Record<string, unknown>>): ReferenceProtectResult {
  const { id, kind, content } = args;
  const critical = criticalField(args);
  if (typeof id !== 'string' || typeof content !== 'string' || !isReferenceKind(kind) || critical === 'invalid') {
    return INVALID;
  }
  return { kind: 'outcome', outcome: applyReferenceChange(state, { kind: 'add', id, itemKind: kind, content, critical }) };
}
