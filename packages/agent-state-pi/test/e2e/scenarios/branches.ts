import { readFile } from 'node:fs/promises';
import type { PiDriver, PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import {
  branchOfLastEntry,
  completeModelTurn,
  recordAll,
  sessionFileOf,
  stateEntries,
  statusOf,
} from '../support/real-pi.js';

const TRUNK_STATUS = 'Agent State: objective "Trunk", 0 work items, 0 decisions.';
const SIDE_STATUS = [
  'Agent State: objective "Trunk", 1 work item (1 open, 0 in_progress, 0 blocked, 0 done), 0 decisions.',
  'Work items:',
  '- [open] side: Recorded on the side branch',
].join('\n');

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function branchScenarios(_target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi on session branches in the real Pi', () => {
    /** Records "Trunk", a turn, then "side" and a turn; returns the id of the trunk's last entry. */
    async function trunkWithSideBranch(): Promise<string> {
      await recordAll(pi(), ['objective Trunk']);
      await completeModelTurn(pi(), 'First turn.');
      const trunkTip = String((await pi().readSessionFile()).at(-1)?.['id']);
      await recordAll(pi(), ['add side Recorded on the side branch']);
      await completeModelTurn(pi(), 'Second turn.');
      expect(await statusOf(pi())).toBe(SIDE_STATUS);
      return trunkTip;
    }

    async function navigateTo(entryId: string): Promise<void> {
      const navigation = await pi().prompt(`/e2e-navigate ${entryId}`);
      expect(navigation.notifications.map((notification) => notification.message)).toEqual(['navigated']);
    }

    it('restores from the current branch, not from the newest state entry of the file', async () => {
      await navigateTo(await trunkWithSideBranch());
      expect(await statusOf(pi())).toBe(TRUNK_STATUS);
      await completeModelTurn(pi(), 'Third turn, on the trunk.');

      // The file now ends on the trunk branch while its newest state entry sits on the side branch.
      const entries = await pi().readSessionFile();
      const newestState = stateEntries(entries).at(-1);
      expect(newestState?.['data']).toMatchObject({ state: { workItems: [{ id: 'side' }] } });
      expect(branchOfLastEntry(entries).has(String(newestState?.['id']))).toBe(false);
      const file = sessionFileOf(pi());
      const text = await readFile(file, 'utf8');

      await pi().restart();

      expect(await statusOf(pi())).toBe(TRUNK_STATUS);
      expect(await readFile(file, 'utf8')).toBe(text);
    });

    // Pi's behaviour, not the extension's: navigation writes nothing, and Pi opens a file at its last entry.
    it('documents Pi: a tree position with nothing written after it is not kept across a restart', async () => {
      await navigateTo(await trunkWithSideBranch());
      expect(await statusOf(pi())).toBe(TRUNK_STATUS);

      await pi().restart();

      expect(await statusOf(pi())).toBe(SIDE_STATUS);
    });
  });
}

