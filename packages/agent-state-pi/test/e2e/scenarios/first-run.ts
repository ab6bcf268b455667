import { readFileSync } from 'node:fs';
import { contentText, type ChatMessage, type PiDriver, type PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../src/format.js';
import { FIRST_SMOKE_RUN } from '../../agent-state-host.js';
import { addedText, decidedText, firstSmokeRunChangeTexts } from '../../expected-messages.js';
import { EXAMPLE_STATE, EXAMPLE_STATUS, snapshotOf, withoutTimes } from '../../snapshots.js';
import { runAgentState, stateEntries, statusOf } from '../support/real-pi.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The command lines of the README's "First smoke run" code block. */
function readmeFirstSmokeRun(): string[] {
  const section = readme.split('\n## First smoke run\n')[1] ?? '';
  const block = /```\n([\s\S]*?)```/u.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line !== '');
}

/** What each command of the first smoke run shows (the README's Messages table, as the formatter writes it). */
const FIRST_SMOKE_RUN_NOTICES = firstSmokeRunChangeTexts().map((message) => ({ message, notifyType: 'info' }));

const TESTS_ITEM = { id: 'tests', content: 'Write the e2e tests' };

/** The tool results the model received in one request, oldest first. */
function toolResults(messages: readonly ChatMessage[] | undefined): string[] {
  return (messages ?? []).filter((message) => message.role === 'tool').map((message) => contentText(message.content));
}

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function firstRunScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi first smoke run in the real Pi', () => {
    it('runs the README first smoke run, lets the model read and extend the state, and saves it', async () => {
      expect(readmeFirstSmokeRun()).toEqual([...FIRST_SMOKE_RUN, 'status'].map((args) => `/agent-state ${args}`));
      for (const [index, args] of FIRST_SMOKE_RUN.entries()) {
        expect(await runAgentState(pi(), args), args).toEqual([FIRST_SMOKE_RUN_NOTICES[index]]);
      }
      expect(await statusOf(pi())).toBe(EXAMPLE_STATUS);

      pi().model.enqueue(
        { toolCalls: [{ name: 'agent_state_get', arguments: {} }] },
        { toolCalls: [{ name: 'agent_state_add_work_item', arguments: TESTS_ITEM }] },
        { text: 'Recorded the tests item.' },
      );
      const turn = await pi().prompt('What is the plan?');

      expect(turn.assistantText).toBe('Recorded the tests item.');
      const [, afterGet, afterAdd, ...rest] = pi().model.chatRequests();
      expect(rest).toEqual([]);
      expect(toolResults(afterGet?.messages).map(withoutTimes)).toEqual([EXAMPLE_STATUS]);
      expect(toolResults(afterAdd?.messages).at(-1)).toBe(addedText('tests'));

      const current = snapshotOf({ ...EXAMPLE_STATE, workItems: [...(EXAMPLE_STATE.workItems ?? []), TESTS_ITEM] });
      const status = await statusOf(pi());
      expect(status).toBe(formatStatus(current));
      const saved = stateEntries(await pi().readSessionFile());
      expect(saved).toHaveLength(FIRST_SMOKE_RUN.length + 1);
      expect(saved.at(-1)?.['data']).toEqual({ schemaVersion: 1, by: 'model', state: current });
    });

    it('records every tool call of one assistant message, in call order', async () => {
      const calls = [
        { name: 'agent_state_add_work_item', arguments: { id: 'a', content: 'First' } },
        { name: 'agent_state_add_work_item', arguments: { id: 'b', content: 'Second', status: 'blocked' } },
        { name: 'agent_state_add_work_item', arguments: { id: 'c', content: 'Third' } },
        { name: 'agent_state_add_decision', arguments: { id: 'd', content: 'Batch the calls' } },
      ];
      pi().model.enqueue({ toolCalls: calls }, { text: 'All four recorded.' });

      await pi().prompt('Record the batch.');

      const [, afterBatch] = pi().model.chatRequests();
      expect(toolResults(afterBatch?.messages)).toEqual([
        addedText('a'),
        addedText('b', 'blocked'),
        addedText('c'),
        decidedText('d'),
      ]);
      const expected = snapshotOf({
        workItems: [
          { id: 'a', content: 'First' },
          { id: 'b', content: 'Second', status: 'blocked' },
          { id: 'c', content: 'Third' },
        ],
        decisions: [{ id: 'd', content: 'Batch the calls' }],
      });
      expect(await statusOf(pi())).toBe(formatStatus(expected));
      const saved = stateEntries(await pi().readSessionFile());
      expect(saved).toHaveLength(calls.length);
      expect(saved.at(-1)?.['data']).toEqual({ schemaVersion: 1, by: 'model', state: expected });
    });
  });
}

