import { afterEach, describe, expect, it } from 'vitest';
import { startPi } from '../src/real/pi-driver.js';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { standInPi as standIn } from './support/stand-in-pi.js';

describe('startPi failures', () => {
  afterEach(disposeAll);

  it('rejects with the exit and the last stderr lines when Pi crashes at start', async () => {
    const start = startPi({ version: standIn('broken-pi.mjs'), runtimePath: process.execPath });

    await expect(start).rejects.toThrow(/^Pi broken-pi\.mjs: Pi exited \(code 1, signal null\) waiting for the response to get_state\. Last stderr lines:\nstarting\nTypeError: broken-pi cannot start$/);
  });

  it('rejects after the configured bound when Pi never answers, and leaves no process behind', async () => {
    const start = startPi({ version: standIn('silent-pi.mjs'), runtimePath: process.execPath, timeoutMs: 300 });

    await expect(start).rejects.toThrow(/timed out after 300 ms waiting for the response to get_state\. Last stderr lines:\nsilent-pi listening/);
    expect(liveProcessCount()).toBe(0);
  });

  it('rejects when the node binary does not exist', async () => {
    const start = startPi({ version: standIn('silent-pi.mjs'), runtimePath: '/nonexistent/node', timeoutMs: 2_000 });

    await expect(start).rejects.toThrow('the node binary could not be started');
  });
});
