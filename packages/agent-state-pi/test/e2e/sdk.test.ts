import { fileURLToPath } from 'node:url';
import { describeEachPi, readSessionJsonl, runPiSdkScript, useCliRuns, type PiCliResult } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { FIRST_SMOKE_RUN } from '../agent-state-host.js';
import { addedText } from '../expected-messages.js';
import { EXAMPLE_SNAPSHOT, EXAMPLE_STATE, snapshotOf } from '../snapshots.js';
import { EXTENSION_PATH, stateEntries, statusOfFile } from './support/real-pi.js';

// Pi 1.6 embedded through its SDK (createAgentSession + DefaultResourceLoader loading the BUILT
// adapter) on a session file the Pi CLI saved. The SDK needs Node 22, so a host script runs in the
// release's own Node (fixtures/sdk-session.mjs) and prints what it saw.

const SDK_SCRIPT = fileURLToPath(new URL('fixtures/sdk-session.mjs', import.meta.url));

interface HostObservations {
  readonly toolResults: readonly string[];
  readonly notifications: readonly { message: string; type: string }[];
  readonly extensionErrors: readonly string[];
}

function observations(result: PiCliResult): HostObservations {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as HostObservations;
}

describeEachPi(
  'agent-state-pi in an SDK session',
  (target) => {
    const cli = useCliRuns(target, [EXTENSION_PATH]);

    /** The README's example state, saved by the Pi CLI in a session with one model turn. */
    async function savedSession(): Promise<string> {
      await cli.run(['-p', ...FIRST_SMOKE_RUN.map((args) => `/agent-state ${args}`), 'Carry on.']);
      const [file] = cli.sandbox().sessionFiles();
      if (file === undefined) throw new Error('Pi saved no session');
      const saved = stateEntries(await readSessionJsonl(file));
      expect(saved).toHaveLength(FIRST_SMOKE_RUN.length);
      expect((saved.at(-1)?.['data'] as { state: unknown }).state).toEqual(EXAMPLE_SNAPSHOT);
      return file;
    }

    function runHost(file: string, prompts: readonly string[], bind: boolean): Promise<PiCliResult> {
      return runPiSdkScript({
        ...target,
        sandbox: cli.sandbox(),
        script: SDK_SCRIPT,
        env: { EXTENSION: EXTENSION_PATH, SESSION_FILE: file, PROMPTS: JSON.stringify(prompts), BIND_EXTENSIONS: bind ? 'yes' : 'no' },
      });
    }

    it('restores the saved state: the command and the model read it, and a host that never binds extensions still reads and extends it', async () => {
      const file = await savedSession();
      const status = await statusOfFile(file);
      cli.model().enqueue({ toolCalls: [{ name: 'agent_state_get', arguments: {} }] }, { text: 'Read it.' });

      const bound = observations(await runHost(file, ['/agent-state status', 'Read the state.'], true));

      expect(bound.notifications).toEqual([{ message: status, type: 'info' }]);
      expect(bound.toolResults).toEqual([status]);
      expect(bound.extensionErrors).toEqual([]);

      cli.model().enqueue(
        { toolCalls: [{ name: 'agent_state_get', arguments: {} }] },
        { toolCalls: [{ name: 'agent_state_add_work_item', arguments: { id: 'tests', content: 'Write the tests' } }] },
        { text: 'Added.' },
      );
      const unbound = observations(await runHost(file, ['Read the state, then add the tests.'], false));

      // The session holds the first host's turn too: its tool result comes first.
      expect(unbound.toolResults.slice(-2)).toEqual([status, addedText('tests')]);
      const extended = snapshotOf({ ...EXAMPLE_STATE, workItems: [...(EXAMPLE_STATE.workItems ?? []), { id: 'tests', content: 'Write the tests' }] });
      const newest = stateEntries(await readSessionJsonl(file)).at(-1)?.['data'] as { state: unknown };
      expect(newest.state).toEqual(extended);
    });
  },
  { since: '1.6.0' },
);
