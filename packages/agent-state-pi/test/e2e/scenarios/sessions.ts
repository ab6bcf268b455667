import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { readSessionJsonl, startPi, type PiDriver, type PiTarget } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { formatUnreadableEntry } from '../../../src/format.js';
import { FIRST_SMOKE_RUN } from '../../agent-state-host.js';
import { EMPTY_STATUS, EXAMPLE_STATUS, snapshotOf } from '../../snapshots.js';
import {
  EXTENSION_PATH,
  completeModelTurn,
  editNewestStateEntry,
  notificationsAfter,
  recordAll,
  sessionFileOf,
  stateEntries,
  statusOf,
} from '../support/real-pi.js';

/** Registers the scenarios on `pi`, one Pi of the line shared with the other scenarios of the file. */
export function sessionScenarios(target: PiTarget, pi: () => PiDriver): void {
  describe('agent-state-pi sessions in the real Pi', () => {
    /** Records the first smoke run and completes a model turn; returns the session file and its text. */
    async function savedFirstSmokeRun(): Promise<{ file: string; text: string }> {
      await recordAll(pi(), FIRST_SMOKE_RUN);
      await completeModelTurn(pi());
      const file = sessionFileOf(pi());
      return { file, text: await readFile(file, 'utf8') };
    }

    it('restores the state when Pi restarts on the session file, appending nothing', async () => {
      const saved = await savedFirstSmokeRun();

      await pi().restart();

      expect(await statusOf(pi())).toBe(EXAMPLE_STATUS);
      expect(await readFile(saved.file, 'utf8')).toBe(saved.text);
    });

    it('starts a new session empty and restores the old one when switching back', async () => {
      const saved = await savedFirstSmokeRun();

      await pi().newSession();
      expect(await statusOf(pi())).toBe(EMPTY_STATUS);
      await pi().switchSession(saved.file);

      expect(await statusOf(pi())).toBe(EXAMPLE_STATUS);
      expect(await readFile(saved.file, 'utf8')).toBe(saved.text);
    });

    it('warns once about an unreadable newest entry although Pi may start the switched-to session twice', async () => {
      const saved = await savedFirstSmokeRun();
      await pi().newSession();
      const corrupted = await editNewestStateEntry(saved.file, (entry) => ({ ...entry, data: null }));
      const mark = pi().notifications().length;

      await pi().switchSession(saved.file);

      expect(notificationsAfter(pi(), mark)).toEqual([
        { message: formatUnreadableEntry('missing_payload'), notifyType: 'warning' },
      ]);
      const probe = await pi().prompt('/e2e-session-starts');
      // RPC switch_session delivers session_start twice to the new instance up to 1.5, once on 1.6.
      const startsAfterSwitch = Array.from({ length: target.version.sessionStartsAfterReplacement }, () => 'resume').join(',');
      expect(probe.notifications.map((notification) => notification.message)).toEqual([startsAfterSwitch]);
      expect(await statusOf(pi())).toBe(EMPTY_STATUS);
      expect(await readFile(saved.file, 'utf8')).toBe(corrupted);
    });

    // Pi's behaviour, not the extension's: a new session reaches disk with its first assistant message.
    it('documents Pi: state recorded before the first model turn is lost when Pi exits first', async () => {
      const early = await startPi({ ...target, extensions: [EXTENSION_PATH], sandbox: pi().sandbox, model: pi().model });
      await recordAll(early, ['objective Recorded before any turn']);
      const file = sessionFileOf(early);

      await early.dispose();

      expect(existsSync(file)).toBe(false);
    });

    it('documents Pi: state recorded before the first model turn is written with it', async () => {
      await recordAll(pi(), ['objective Recorded before any turn']);
      const file = sessionFileOf(pi());
      expect(existsSync(file)).toBe(false);

      await completeModelTurn(pi());

      expect(stateEntries(await readSessionJsonl(file)).map((entry) => entry['data'])).toEqual([
        { schemaVersion: 1, by: 'person', state: snapshotOf({ objective: 'Recorded before any turn' }) },
      ]);
    });
  });
}

