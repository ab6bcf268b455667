import { unknownIdRejection, type Caller } from '@j1nn0/pi-adapter-kit';
import { formatChange, formatNoChange, formatRejection } from '../../src/format.js';
import type { GuardMutation } from '../../src/mutations.js';
import { isReferenceId, isReferenceKind, type ReferenceChange, type ReferenceOutcome, type ReferenceState } from './reference-context-guard.js';

// The reference predicts what a change does and why; the words for it are the formatter's alone, so the
// model-based suites check that the adapter picks the right outcome and reason, and format.test.ts checks
// how each one reads.

function toMutation(change: ReferenceChange): GuardMutation {
  switch (change.kind) {
    case 'add': {
      const { id, itemKind, content, critical } = change;
      if (!isReferenceKind(itemKind)) throw new Error(`an accepted change carries kind ${itemKind}`);
      return { kind: 'add', id, itemKind, content, critical };
    }
    case 'remove':
      return { kind: 'remove', id: change.id };
    case 'critical':
      return { kind: 'set_critical', id: change.id, critical: change.critical };
    case 'clear':
      return { kind: 'clear' };
    case 'recovery':
      if (change.mode !== 'off' && change.mode !== 'critical') throw new Error(`an accepted change carries mode ${change.mode}`);
      return { kind: 'set_recovery', recovery: change.mode };
  }
}

/** What the adapter says about `outcome`, the result of a change to `state` asked for by `caller`. */
export function referenceOutcomeText(state: ReferenceState, outcome: ReferenceOutcome, caller: Caller): string {
  switch (outcome.kind) {
    case 'changed':
      return formatChange({
        kind: 'changed',
        mutation: toMutation(outcome.change),
        previous: outcome.previous,
        state: outcome.state,
      });
    case 'unchanged':
      return formatNoChange(outcome.noChange);
    case 'rejected': {
      const { rejection } = outcome;
      // Whether the unknown id is quoted back is the README's id rule, judged here and not by src.
      return rejection.code === 'unknown_item'
        ? unknownIdRejection('protected item', rejection.id, isReferenceId(rejection.id), {
            ids: state.items.map((item) => item.id),
            listAll: caller === 'model' ? 'context_guard_list' : '/context-guard list',
          })
        : formatRejection(rejection, caller);
    }
  }
}
