import { createAgentState, type AgentStateInput, type AgentStateSnapshot } from '@j1nn0/agent-state';

/** Builds a valid core snapshot for a test; the core validates the input. */
export function snapshotOf(input: AgentStateInput = {}): AgentStateSnapshot {
  return createAgentState(input).snapshot();
}

/** The state used by the README's status example, and the one the first smoke run leaves. */
export const EXAMPLE_STATE: AgentStateInput = {
  objective: 'Ship the parser',
  workItems: [
    { id: 'parse', content: 'Parse the arguments', status: 'done' },
    { id: 'format', content: 'Format the status', status: 'in_progress' },
    { id: 'docs', content: 'Write the README' },
  ],
  decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
};

export const EXAMPLE_SNAPSHOT = snapshotOf(EXAMPLE_STATE);

export const EMPTY_SNAPSHOT = snapshotOf();

/** A fake host's clock that stamps every entry at 09:00 today (local), so each drawn time is the same. */
export function atNineToday(): Date {
  const nine = new Date();
  nine.setHours(9, 0, 0, 0);
  return nine;
}
