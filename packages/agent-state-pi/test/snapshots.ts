import { createAgentState, type AgentStateInput, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { formatStatus } from '../src/format.js';

/** Builds a valid core snapshot for a test; the core validates the input. */
export function snapshotOf(input: AgentStateInput = {}): AgentStateSnapshot {
  return createAgentState(input).snapshot();
}

/** The state used by the README's status example. */
export const EXAMPLE_STATE: AgentStateInput = {
  objective: 'Ship the parser',
  workItems: [
    { id: 'parse', content: 'Parse the arguments', status: 'done' },
    { id: 'format', content: 'Format the status', status: 'in_progress' },
    { id: 'docs', content: 'Write the README' },
  ],
  decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
};

// The listings as the formatter writes them; format.test.ts pins their wording, the rest ask for them.
export const EXAMPLE_STATUS = formatStatus(snapshotOf(EXAMPLE_STATE));

export const EMPTY_STATUS = formatStatus(snapshotOf());
