import { createAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { documentedBlock, documentedExample, documentedMessage, documentedPhrase } from './readme-messages.js';

// What the smoke run does and what it must see: the commands as data, and what each shows as the
// adapters' READMEs document it.

export interface SmokeCommand {
  /** The text typed into Pi. */
  readonly prompt: string;
  /** The one info notification the README documents for it. */
  readonly notice: string;
}

function agentState(args: string, notice: string): SmokeCommand {
  return { prompt: `/agent-state ${args}`, notice };
}

/** The state the first smoke run records; its status is the README's status example (checked by the run). */
export const RECORDED_STATE: AgentStateSnapshot = createAgentState({
  objective: 'Ship the parser',
  workItems: [
    { id: 'parse', content: 'Parse the arguments', status: 'done' },
    { id: 'format', content: 'Format the status', status: 'in_progress' },
    { id: 'docs', content: 'Write the README' },
  ],
  decisions: [{ id: 'pure-core', content: 'Keep the core free of Pi imports' }],
}).snapshot();

/** Agent State's part of the run, with each notice as the agent-state-pi README documents it. */
export interface AgentStateScript {
  /** The smoke run's commands, each with its notice; the last is `status`. */
  readonly firstSmokeRun: readonly SmokeCommand[];
  /** The command lines of the README's "First smoke run" block, which must be those commands. */
  readonly documentedPrompts: readonly string[];
  /** The README's status example, which RECORDED_STATE reproduces. */
  readonly recordedStatus: string;
  readonly emptyStatus: string;
}

export function agentStateScript(readme: string): AgentStateScript {
  const recordedStatus = documentedBlock(readme, 'status');
  const added = (id: string): string => documentedMessage(readme, 'add <id> <content>', { id });
  const moved = (id: string, to: string): string =>
    documentedMessage(readme, 'set <id> <status>', { id, 'old status': 'open', 'new status': to });
  return {
    firstSmokeRun: [
      agentState('objective Ship the parser', documentedMessage(readme, 'objective <text>')),
      agentState('add parse Parse the arguments', added('parse')),
      agentState('add format Format the status', added('format')),
      agentState('add docs Write the README', added('docs')),
      agentState('decide pure-core Keep the core free of Pi imports', documentedMessage(readme, 'decide <id> <content>', { id: 'pure-core' })),
      agentState('set parse done', moved('parse', 'done')),
      agentState('set format in_progress', moved('format', 'in_progress')),
      agentState('status', recordedStatus),
    ],
    documentedPrompts: firstSmokeRunOf(readme),
    recordedStatus,
    emptyStatus: documentedPhrase(readme, 'An empty state prints exactly'),
  };
}

export const STATUS_PROMPT = '/agent-state status';

/**
 * A notice with each `since <time>` taken out of an item's brackets: a run records at its own time, so
 * its status and the README's example say the same apart from the times.
 */
export function withoutItemTimes(text: string): string {
  return text.replace(/ since (?:\d{4}-\d\d-\d\d )?\d\d:\d\d\]/gu, ']');
}

/** The user message of the model turn, and the scripted model's answer after reading the state. */
export const MODEL_TURN_PROMPT = 'Where does the work stand?';
export const MODEL_TURN_ANSWER = 'The parser is done, the status format is in progress and the README is open.';

/** The command lines of the "First smoke run" code block of a README. */
function firstSmokeRunOf(readme: string): string[] {
  const section = readme.split('\n## First smoke run\n')[1] ?? '';
  const block = /```\n([\s\S]*?)```/u.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line !== '');
}

/** Context Guard's part of the run (when its adapter is loaded): two items, then the list, as its README documents them. */
export interface ContextGuardScript {
  readonly guardAdds: readonly SmokeCommand[];
  /** The README's list example, which these two items reproduce. */
  readonly guardList: string;
}

export function contextGuardScript(readme: string): ContextGuardScript {
  return {
    guardAdds: [
      // The README's worked example of `--critical` is this very item.
      { prompt: '/context-guard add ship goal --critical Add CSV export to the report page', notice: documentedExample(readme, 'add <id> <kind> <content>') },
      {
        prompt: '/context-guard add no-deps constraint Add no new runtime dependencies',
        notice: documentedMessage(readme, 'add <id> <kind> <content>', { id: 'no-deps', kind: 'constraint' }),
      },
    ],
    guardList: documentedBlock(readme, 'list'),
  };
}

export const GUARD_LIST_PROMPT = '/context-guard list';
