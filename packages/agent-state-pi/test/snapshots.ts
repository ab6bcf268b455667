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

/** `since <time>` in an unfinished item's brackets (`[open since 09:12]`), the time with or without its date. */
const SINCE_TIME = / since (?:\d{4}-\d\d-\d\d )?\d\d:\d\d\]/gu;

/**
 * What a status, a panel row or a tool result says besides since when each item has had its status:
 * for the tests whose subject is something else. test/since.test.ts and the e2e since scenario check the times.
 */
export function withoutTimes(text: string): string {
  return text.replace(SINCE_TIME, ']');
}

/**
 * A fake host's clock that stamps every entry at 09:00 today (local), so a panel or a status drawn today
 * says `since 09:00` (SINCE_NINE) of every unfinished item.
 */
export function atNineToday(): Date {
  const nine = new Date();
  nine.setHours(9, 0, 0, 0);
  return nine;
}
export const SINCE_NINE = 'since 09:00';

/** Panel or widget lines with their times left out (see withoutTimes); undefined stays undefined. */
export function linesWithoutTimes(lines: readonly string[] | undefined): string[] | undefined {
  return lines?.map(withoutTimes);
}
