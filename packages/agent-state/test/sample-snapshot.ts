import type { AgentStateSnapshot } from '../src/index.js';

export const SAMPLE_SNAPSHOT: AgentStateSnapshot = {
  schemaVersion: 1,
  objective: 'Ship the CSV export',
  workItems: [
    { id: 'w1', content: 'Agree on columns', status: 'done' },
    { id: 'w2', content: 'Write the writer', status: 'in_progress' },
    { id: 'w3', content: 'Document quoting', status: 'open' },
  ],
  decisions: [{ id: 'd1', content: 'Quote every field' }],
};

type EditableEntry = Record<string, unknown>;

/** A loosely typed, deep copy of the sample that a test may break on purpose; tuples match the sample. */
export interface EditableSnapshot {
  [key: string]: unknown;
  workItems: [EditableEntry, EditableEntry, EditableEntry];
  decisions: [EditableEntry];
}

export function editableSample(): EditableSnapshot {
  return JSON.parse(JSON.stringify(SAMPLE_SNAPSHOT)) as EditableSnapshot;
}

/** The sample after `edit`, for building one broken snapshot per test case. */
export function sampleWith(edit: (snapshot: EditableSnapshot) => void): EditableSnapshot {
  const snapshot = editableSample();
  edit(snapshot);
  return snapshot;
}
