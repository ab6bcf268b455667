import { CONTEXT_ITEM_KINDS, type ContextItemKind } from '@j1nn0/agent-context-guard';
import { RECOVERY_MODES, type GuardState, type RecoveryMode } from './guard-state.js';

// What `context_guard_list` gives a program instead of its text (Pi 0.99+: codemode scripts): the
// protected items as recorded, ids and content exactly as given, and the recovery mode.

export type ContextGuardOutput = {
  readonly items: readonly {
    readonly id: string;
    readonly kind: ContextItemKind;
    readonly content: string;
    readonly critical: boolean;
  }[];
  readonly recovery: RecoveryMode;
};

const StringSchema = { type: 'string' };

/** The JSON Schema Pi shows a script author as the result type of `context_guard_list`. */
export const CONTEXT_GUARD_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: StringSchema,
          kind: { type: 'string', enum: [...CONTEXT_ITEM_KINDS] },
          content: StringSchema,
          critical: { type: 'boolean' },
        },
        required: ['id', 'kind', 'content', 'critical'],
      },
    },
    recovery: { type: 'string', enum: [...RECOVERY_MODES] },
  },
  required: ['items', 'recovery'],
} as const;

/** A fresh copy: a script's object never shares anything with the controller's state. */
export function toContextGuardOutput(state: GuardState): ContextGuardOutput {
  return {
    items: state.items.map(({ id, kind, content, critical }) => ({ id, kind, content, critical })),
    recovery: state.recovery,
  };
}
