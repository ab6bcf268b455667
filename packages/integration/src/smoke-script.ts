import { createAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { documentedBlock, documentedPhrase } from './readme-messages.js';

// What the smoke run does and what it must see: the commands as data, and the READMEs' examples a run
// reproduces (the status and the list). Every other reply is one info notification; its words are the
// formatters' and their unit tests' (each adapter's docs/messages.md lists them all).

export interface SmokeCommand {
  /** The text typed into Pi. */
  readonly prompt: string;
  /** The one info notification's text, where a README shows it as an example; undefined: any text. */
  readonly notice?: string;
}

function agentState(args: string, notice?: string): SmokeCommand {
  return notice === undefined ? { prompt: `/agent-state ${args}` } : { prompt: `/agent-state ${args}`, notice };
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

/** Agent State's part of the run, its status as the agent-state-pi README shows it. */
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
  return {
    firstSmokeRun: [
      agentState('objective Ship the parser'),
      agentState('add parse Parse the arguments'),
      agentState('add format Format the status'),
      agentState('add docs Write the README'),
      agentState('decide pure-core Keep the core free of Pi imports'),
      agentState('set parse done'),
      agentState('set format in_progress'),
      agentState('status', recordedStatus),
    ],
    documentedPrompts: firstSmokeRunOf(readme),
    recordedStatus,
    emptyStatus: documentedPhrase(readme, 'An empty state prints exactly'),
  };
}

export const STATUS_PROMPT = '/agent-state status';

/**
 * A notice with each time taken out of an item's brackets, with the word before it (`[open since 09:12]`
 * reads `[open]`): a run records at its own time, so its status and the README's example say the same
 * apart from the times. Whatever that word is, it goes too: the README's own test pins the form of a
 * time, so a change of wording fails that test, not the smoke run.
 */
export function withoutItemTimes(text: string): string {
  return text.replace(/ [^\s\]]+ (?:\d{4}-\d\d-\d\d )?\d\d:\d\d\]/gu, ']');
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

/** Context Guard's part of the run (when its adapter is loaded): two items, then the list, as its README shows it. */
export interface ContextGuardScript {
  readonly guardAdds: readonly SmokeCommand[];
  /** The README's list example, which these two items reproduce. */
  readonly guardList: string;
}

export function contextGuardScript(readme: string): ContextGuardScript {
  return {
    guardAdds: [
      { prompt: '/context-guard add ship goal --critical Add CSV export to the report page' },
      { prompt: '/context-guard add no-deps constraint Add no new runtime dependencies' },
    ],
    guardList: documentedBlock(readme, 'list'),
  };
}

export const GUARD_LIST_PROMPT = '/context-guard list';
