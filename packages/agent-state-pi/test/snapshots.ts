import { createAgentState, type AgentStateInput, type AgentStateSnapshot } from '@j1nn0/agent-state';

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

export const EXAMPLE_STATUS = [
  'Agent State: objective "Ship the parser", 3 work items (1 open, 1 in_progress, 0 blocked, 1 done), 1 decision.',
  'Work items:',
  '- [done] parse: Parse the arguments',
  '- [in_progress] format: Format the status',
  '- [open] docs: Write the README',
  'Decisions:',
  '- pure-core: Keep the core free of Pi imports',
].join('\n');

export const EMPTY_STATUS = 'Agent State: no objective, 0 work items, 0 decisions.';
