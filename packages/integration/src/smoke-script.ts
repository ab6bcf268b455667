import { createAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';

// What the smoke run does and what it must see: the adapter README's "First smoke run", as data.

export interface SmokeCommand {
  /** The text typed into Pi. */
  readonly prompt: string;
  /** The one info notification the README documents for it. */
  readonly notice: string;
}

function agentState(args: string, notice: string): SmokeCommand {
  return { prompt: `/agent-state ${args}`, notice };
}

/** The state the first smoke run records; its status is the README's status example. */
export const RECORDED_STATE: AgentStateSnapshot = createAgentState({
  objective: 'Ship the parser',
  workItems: [
    { id: 'parse', content: 'Parse the arguments', status: 'done' },
    { id: 'format', content: 'Format the status', status: 'in_progress' },
    { id: 'docs', content: 'Write the README' },
  ],
  decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
}).snapshot();

export const RECORDED_STATUS = [
  'Agent State: objective "Ship the parser", 3 work items (1 open, 1 in_progress, 0 blocked, 1 done), 1 decision.',
  'Work items:',
  '- [done] parse: Parse the arguments',
  '- [in_progress] format: Format the status',
  '- [open] docs: Write the README',
  'Decisions:',
  '- pure-core: Keep the core free of Pi imports',
].join('\n');

export const EMPTY_STATUS = 'Agent State: no objective, 0 work items, 0 decisions.';

export const FIRST_SMOKE_RUN: readonly SmokeCommand[] = [
  agentState('objective Ship the parser', 'Objective set.'),
  agentState('add parse Parse the arguments', 'Added work item "parse" (open).'),
  agentState('add format Format the status', 'Added work item "format" (open).'),
  agentState('add docs Write the README', 'Added work item "docs" (open).'),
  agentState('decide pure-core Keep the core free of Pi imports', 'Recorded decision "pure-core".'),
  agentState('set parse done', 'Work item "parse": open -> done.'),
  agentState('set format in_progress', 'Work item "format": open -> in_progress.'),
  agentState('status', RECORDED_STATUS),
];

export const STATUS_PROMPT = '/agent-state status';

/** The user message of the model turn, and the scripted model's answer after reading the state. */
export const MODEL_TURN_PROMPT = 'Where does the work stand?';
export const MODEL_TURN_ANSWER = 'The parser is done, the status format is in progress and the README is open.';

/** The command lines of the "First smoke run" code block of a README. */
export function firstSmokeRunOf(readme: string): string[] {
  const section = readme.split('\n## First smoke run\n')[1] ?? '';
  const block = /```\n([\s\S]*?)```/u.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line !== '');
}

/** Context Guard's part of the run (when its adapter is loaded): two items, then the list. */
export const GUARD_ADDS: readonly SmokeCommand[] = [
  { prompt: '/context-guard add ship goal --critical Add CSV export to the report page', notice: 'Protected goal "ship" (critical).' },
  { prompt: '/context-guard add no-deps constraint Add no new runtime dependencies', notice: 'Protected constraint "no-deps".' },
];

export const GUARD_LIST_PROMPT = '/context-guard list';

/** The README's list example, which these two items reproduce. */
export const GUARD_LIST = [
  'Context Guard: 2 protected items (1 critical).',
  '- [goal, critical] ship: Add CSV export to the report page',
  '- [constraint] no-deps: Add no new runtime dependencies',
].join('\n');
