import { afterEach, describe, expect, it } from 'vitest';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { startPiTerminal } from '../src/terminal/pi-terminal.js';
import { standInPi as standIn } from './support/stand-in-pi.js';

describe('startPiTerminal failures', () => {
  afterEach(disposeAll);

  it('rejects at once, with the last screen, when Pi exits during start-up', async () => {
    const started = Date.now();
    const start = startPiTerminal({ version: standIn('broken-pi.mjs'), runtimePath: process.execPath, cols: 60, rows: 6, timeoutMs: 15_000 });

    await expect(start).rejects.toThrow(/^Pi broken-pi\.mjs terminal \(Pi exited with code 1\): the editor or a start-up dialog: not seen before Pi exited\. Screen:\n\|starting\n\|TypeError: broken-pi cannot start\n/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(liveProcessCount()).toBe(0);
  });

  it('rejects after the bound, with the screen, when Pi never draws its editor', async () => {
    const start = startPiTerminal({ version: standIn('silent-pi.mjs'), runtimePath: process.execPath, cols: 60, rows: 4, timeoutMs: 500 });

    await expect(start).rejects.toThrow('Pi silent-pi.mjs terminal: the editor or a start-up dialog: not seen within 500 ms. Screen:\n|silent-pi listening\n|\n|\n|');
    expect(liveProcessCount()).toBe(0);
  });
});
