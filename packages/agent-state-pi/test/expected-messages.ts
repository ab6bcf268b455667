import type { AgentStateSnapshot, WorkItemStatus } from '@j1nn0/agent-state';
import { formatChange } from '../src/format.js';
import type { StateMutation } from '../src/mutations.js';
import { snapshotOf } from './snapshots.js';

// What tests above the formatter expect a change to say, asked of the formatter: a wording change then
// touches format.ts, format.test.ts and the README only.

/** The reply to `mutation` applied to `previous` (only a status change and a clear read `previous`). */
export function changeText(mutation: StateMutation, previous: AgentStateSnapshot = snapshotOf()): string {
  return formatChange({ kind: 'changed', mutation, previous, snapshot: previous });
}

export function addedText(id: string, status?: WorkItemStatus): string {
  return changeText(
    status === undefined ? { kind: 'add_work_item', id, content: '' } : { kind: 'add_work_item', id, content: '', status },
  );
}

export function decidedText(id: string): string {
  return changeText({ kind: 'add_decision', id, content: '' });
}

export function statusChangeText(id: string, from: WorkItemStatus, to: WorkItemStatus): string {
  return changeText({ kind: 'set_status', id, status: to }, snapshotOf({ workItems: [{ id, content: id, status: from }] }));
}
