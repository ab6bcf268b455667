import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startPi } from '../src/real/pi-driver.js';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { describeEachPi } from '../src/real/vitest-matrix.js';
import { standInPi as standIn } from './support/stand-in-pi.js';

// What the driver adds to Pi that no e2e suite shows: clear errors and bounded waits when Pi fails, a
// blocking dialog answered so a command cannot hang, a failed model turn as a rejection. The rest of
// the driver (prompts, commands, sessions, restarts, compaction, kill) is what the host contract and
// the adapters' e2e suites drive on every line.

describe('startPi against stand-in CLIs', () => {
  afterEach(disposeAll);

  it('rejects with the exit and the last stderr lines when Pi crashes at start', async () => {
    const start = startPi({ version: standIn('broken-pi.mjs'), runtimePath: process.execPath });

    await expect(start).rejects.toThrow(/^Pi broken-pi\.mjs: Pi exited \(code 1, signal null\) waiting for the response to get_state\. Last stderr lines:\nstarting\nTypeError: broken-pi cannot start$/);
  });

  it('rejects after the configured bound when Pi never answers, and leaves no process behind', async () => {
    const start = startPi({ version: standIn('silent-pi.mjs'), runtimePath: process.execPath, timeoutMs: 300 });

    await expect(start).rejects.toThrow(/^Pi silent-pi\.mjs: timed out after 300 ms waiting for the response to get_state/);
    expect(liveProcessCount()).toBe(0);
  });

  it('rejects when the node binary does not exist', async () => {
    const start = startPi({ version: standIn('silent-pi.mjs'), runtimePath: '/nonexistent/node', timeoutMs: 2_000 });

    await expect(start).rejects.toThrow('the node binary could not be started');
  });
});

// 0.73.1 only: the line whose provider SDK retries a failed request unless the sandbox's settings turn
// retries off (0.84.2 and 1.6.0 do not retry it at all).
describeEachPi(
  'real Pi driver',
  (target) => {
    it('cancels a blocking dialog so the command finishes, and rejects a prompt whose model turn failed, without a retry', async () => {
      const pi = await startPi({ ...target, extensions: [fileURLToPath(new URL('fixtures/dialog-extension.ts', import.meta.url))] });
      expect((await pi.prompt('/confirm')).notifications).toEqual([{ message: 'confirmed: false', notifyType: 'info' }]);

      pi.model.enqueue(() => {
        throw new Error('script bug');
      });
      await expect(pi.prompt('trigger a failure')).rejects.toThrow(/^Pi 0\.73\.1: a model turn failed: /);
      expect(pi.model.chatRequests()).toHaveLength(1);
      expect(pi.extensionErrors()).toEqual([]);
      await pi.dispose();
    });
  },
  { versions: ['0.73.1'] },
);
