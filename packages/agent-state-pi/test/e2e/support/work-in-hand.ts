import { summarizeAgentState, type AgentStateSnapshot } from '@j1nn0/agent-state';
import { parseCommand } from '../../../src/commands.js';
import { applyMutation } from '../../../src/mutations.js';
import { formatFooter } from '../../../src/ui/footer.js';
import { EMPTY_SNAPSHOT } from '../../snapshots.js';

// The scene issue 22 found the panel hiding the work in hand in: 24 items, w1 done, w20 in_progress,
// w22 blocked.

const ITEMS = 24;

export const WORK_IN_HAND_COMMANDS: readonly string[] = [
  '/agent-state objective Ship the CSV export',
  ...Array.from({ length: ITEMS }, (_, index) => `/agent-state add w${String(index + 1)} Item ${String(index + 1)}`),
  '/agent-state set w1 done',
  '/agent-state set w20 in_progress',
  '/agent-state set w22 blocked',
];

/** Each command with the state the rules leave after it (applyMutation, the one model of the rules). */
export function statesAfterEachCommand(commands: readonly string[]): { readonly command: string; readonly state: AgentStateSnapshot }[] {
  let state = EMPTY_SNAPSHOT;
  return commands.map((command) => {
    const request = parseCommand(command.replace(/^\/agent-state /u, ''));
    const outcome = request.kind === 'mutation' ? applyMutation(state, request.mutation) : undefined;
    if (outcome?.kind === 'changed') state = outcome.snapshot;
    return { command, state };
  });
}

/** The footer's words for a state, as footer.ts draws them: what a person sees change after each command. */
export function footerOf(state: AgentStateSnapshot): string {
  return formatFooter(state, summarizeAgentState(state)) ?? '';
}
