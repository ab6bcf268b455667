import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { createPiSandbox } from '../src/real/sandbox.js';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '../src/real/vitest-matrix.js';
import { startPiTerminal } from '../src/terminal/pi-terminal.js';
import { standInPi as standIn } from './support/stand-in-pi.js';

// What the terminal harness adds that no e2e suite shows: a start that fails says so at once or within
// its bound, with the screen, and every terminal is reaped, disposed or not (stand-in CLIs in a pty).
// What Pi draws and how a person types, quits and continues in it is what the adapters' terminal e2e
// suites drive on the anchors.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startPiTerminal against stand-in CLIs', () => {
  afterEach(disposeAll);

  it('rejects at once, with the last screen, when Pi exits during start-up', async () => {
    const started = Date.now();
    const start = startPiTerminal({ version: standIn('broken-pi.mjs'), runtimePath: process.execPath, cols: 60, rows: 6, timeoutMs: 15_000 });

    await expect(start).rejects.toThrow(/^Pi broken-pi\.mjs terminal \(Pi exited with code 1\): the editor or a start-up dialog: not seen before Pi exited\. Screen:\n\|starting\n\|TypeError: broken-pi cannot start\n/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(liveProcessCount()).toBe(0);
  });

  it('rejects after the bound, with every row of the screen, when Pi never draws its editor', async () => {
    const start = startPiTerminal({ version: standIn('silent-pi.mjs'), runtimePath: process.execPath, cols: 60, rows: 4, timeoutMs: 500 });

    await expect(start).rejects.toThrow(/^Pi silent-pi\.mjs terminal: the editor or a start-up dialog: not seen within 500 ms\. Screen:(\n\|.*){4}$/u);
    expect(liveProcessCount()).toBe(0);
  });

  it('kills the process on dispose, and disposeAll reaps a terminal nobody disposed', async () => {
    const disposed = await startPiTerminal({ version: standIn('editor-pi.mjs'), runtimePath: process.execPath, cols: 40, rows: 4 });
    const forgotten = await startPiTerminal({ version: standIn('editor-pi.mjs'), runtimePath: process.execPath, cols: 40, rows: 4 });
    expect([isAlive(disposed.pid), isAlive(forgotten.pid)]).toEqual([true, true]);

    await disposed.dispose();
    expect(isAlive(disposed.pid)).toBe(false);
    expect(disposed.exitCode).toBeDefined();
    expect(liveProcessCount()).toBe(1);

    await disposeAll();
    expect(isAlive(forgotten.pid)).toBe(false);
    expect(liveProcessCount()).toBe(0);
  });
});

const TRUST_DIALOG = 'Trust project folder?';

describeEachPi('interactive Pi in a terminal', (target) => {
  it('documents Pi: a project with .pi/settings.json asks for trust where the line asks for --approve, until trust is saved; a compiled extension outside any node_modules can import @mariozechner/pi-tui at run time', async () => {
    const sandbox = await createPiSandbox();
    await mkdir(join(sandbox.projectDir, '.pi'));
    await writeFile(join(sandbox.projectDir, '.pi', 'settings.json'), '{}\n');
    const asked = await startPiTerminal({ ...target, sandbox, cols: 100, rows: 30 });
    expect(asked.screenText().includes(TRUST_DIALOG)).toBe(target.version.projectPackagesNeedApprove);
    await asked.dispose();

    await sandbox.saveProjectTrust();
    // Copied out of the repository so that only Pi's own module mapping can resolve the import.
    const extension = join(sandbox.tmpDir, 'pi-tui-import.mjs');
    await copyFile(fileURLToPath(new URL('fixtures/pi-tui-import.mjs', import.meta.url)), extension);
    const trusted = await startPiTerminal({ ...target, sandbox, cols: 100, rows: 30, extensions: [extension] });
    expect(trusted.screenText()).not.toContain(TRUST_DIALOG);
    trusted.type('/probe-import');
    await trusted.waitForText('/probe-import');
    trusted.press('enter');
    await trusted.waitForText('import @mariozechner/pi-tui ok');
    await trusted.dispose();
    await sandbox.dispose();
  }, PI_E2E_TIMEOUT_MS);
});
