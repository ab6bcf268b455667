import { describe, expect, it } from 'vitest';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '../src/real/vitest-matrix.js';
import { startPiTerminal } from '../src/terminal/pi-terminal.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describeEachPi('interactive Pi in a terminal', (target) => {
  describe.each([
    [160, 40],
    [80, 30],
  ])('at %i x %i', (cols, rows) => {
    it('shows the scripted reply to a prompt submitted with one Enter', async () => {
      const terminal = await startPiTerminal({ ...target, cols, rows });
      terminal.type('hello from the terminal');
      await terminal.waitForText('hello from the terminal');
      terminal.press('enter');
      await terminal.waitForText('Scripted reply.');
      expect(terminal.model.chatRequests()).toHaveLength(1);
      expect(terminal.screenLines()).toHaveLength(rows);
      expect(terminal.screenLines().every((line) => line.length <= cols)).toBe(true);
      await terminal.dispose();
    }, PI_E2E_TIMEOUT_MS);
  });

  it('leaves no process behind after dispose', async () => {
    const terminal = await startPiTerminal({ ...target, cols: 80, rows: 24 });
    const { pid } = terminal;
    expect(isAlive(pid)).toBe(true);
    await terminal.dispose();
    expect(isAlive(pid)).toBe(false);
    expect(terminal.exitCode).toBeDefined();
    expect(liveProcessCount()).toBe(0);
  }, PI_E2E_TIMEOUT_MS);

  it('has disposeAll reap a terminal the test did not dispose', async () => {
    const terminal = await startPiTerminal({ ...target, cols: 80, rows: 24 });
    const { pid } = terminal;
    await disposeAll();
    expect(isAlive(pid)).toBe(false);
    expect(liveProcessCount()).toBe(0);
  }, PI_E2E_TIMEOUT_MS);
});
