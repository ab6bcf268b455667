import { unknownFieldRejection, unknownIdRejection, type Caller } from '@j1nn0/pi-adapter-kit';
import {
  isReferenceId,
  isReferenceStatus,
  referenceSnapshot,
  type ReferenceChange,
  type ReferenceOutcome,
  type ReferenceState,
} from '@j1nn0/pi-testkit/reference-models';
import { formatChange, formatClearPreview, formatNoChange, formatRejection } from '../../src/format.js';
import type { StateMutation } from '../../src/mutations.js';

// The reference predicts what a change does and why; the words for it are the formatter's alone, so the
// model-based test checks that the adapter picks the right outcome and reason, and format.test.ts checks
// how each one reads.

function toMutation(change: ReferenceChange): StateMutation {
  switch (change.kind) {
    case 'objective':
      return { kind: 'set_objective', objective: change.text };
    case 'add': {
      const { id, content, status } = change;
      if (status === undefined) return { kind: 'add_work_item', id, content };
      if (!isReferenceStatus(status)) throw new Error(`an accepted change carries status ${status}`);
      return { kind: 'add_work_item', id, content, status };
    }
    case 'set':
      if (!isReferenceStatus(change.status)) throw new Error(`an accepted change carries status ${change.status}`);
      return { kind: 'set_status', id: change.id, status: change.status };
    case 'remove':
      return { kind: 'remove_work_item', id: change.id };
    case 'decide':
      return { kind: 'add_decision', id: change.id, content: change.content };
    case 'clear':
      return { kind: 'clear' };
  }
}

/** What the adapter says about `outcome`, the result of a change to `state` asked for by `caller`. */
export function referenceOutcomeText(state: ReferenceState, outcome: ReferenceOutcome, caller: Caller): string {
  switch (outcome.kind) {
    case 'changed':
      return formatChange({
        kind: 'changed',
        mutation: toMutation(outcome.change),
        previous: referenceSnapshot(outcome.previous),
        snapshot: referenceSnapshot(outcome.state),
      });
    case 'unchanged':
      return outcome.noChange.reason === 'not_confirmed'
        ? formatClearPreview(referenceSnapshot(state))
        : formatNoChange(outcome.noChange);
    case 'rejected': {
      const { rejection } = outcome;
      const recorded = state.workItems.map((item) => item.id);
      switch (rejection.code) {
        // Whether the unknown id is quoted back is the README's id rule, judged here and not by src.
        case 'unknown_work_item':
          return unknownIdRejection('work item', rejection.id, isReferenceId(rejection.id), {
            ids: recorded,
            listAll: caller === 'model' ? 'agent_state_get' : '/agent-state status',
          });
        case 'duplicate_work_item': {
          const existing = state.workItems.find((item) => item.id === rejection.id);
          if (existing === undefined || !isReferenceStatus(existing.status)) throw new Error(`no work item ${rejection.id} to be taken`);
          return formatRejection({ ...rejection, status: existing.status }, caller);
        }
        default:
          return formatRejection(rejection, caller);
      }
    }
  }
}

/** What a tool says to a call that names fields it does not take (the README's tool table lists the ones it does). */
export function unknownFieldsText(tool: string, args: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  const text = unknownFieldRejection(tool, args, fields);
  if (text === undefined) throw new Error(`${tool} takes every field of the call`);
  return text;
}
