import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createPiSandbox } from '../src/real/sandbox.js';
import { startScriptedModel } from '../src/real/scripted-model.js';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '../src/real/vitest-matrix.js';
import { startPiTerminal } from '../src/terminal/pi-terminal.js';
import { TUI_PROBE_EXTENSION_PATH, TUI_PROBE_IMPORT_EXTENSION_PATH } from './support/tui-probe-fixture.js';

const TRUST_DIALOG = 'Trust project folder?';

describeEachPi('interactive Pi sessions in a terminal', (target) => {
  it('quits on ctrl+c twice and shows the transcript again when started with -c', async () => {
    const sandbox = await createPiSandbox();
    const model = await startScriptedModel({ defaultReply: { text: 'First answer.' } });
    const first = await startPiTerminal({ ...target, sandbox, model, cols: 100, rows: 30 });
    first.type('first question');
    first.press('enter');
    await first.waitForText('First answer.');
    await first.waitForQuiet();
    expect(await first.quit()).toBe(0);

    const resumed = await startPiTerminal({ ...target, sandbox, model, cols: 100, rows: 30, continueSession: true });
    await resumed.waitForText('First answer.');
    expect(resumed.screenText()).toContain('first question');
    expect(await resumed.quit()).toBe(0);
  }, PI_E2E_TIMEOUT_MS);

  it('reads the colour of tool result rows: a rejected tool differs from an accepted one', async () => {
    const model = await startScriptedModel();
    model.enqueue(
      { toolCalls: [{ name: 'probe_tool', arguments: { mode: 'ok' } }] },
      { text: 'Accepted tool done.' },
      { toolCalls: [{ name: 'probe_tool', arguments: { mode: 'fail' } }] },
      { text: 'Rejected tool done.' },
    );
    const terminal = await startPiTerminal({ ...target, model, cols: 100, rows: 40, extensions: [TUI_PROBE_EXTENSION_PATH] });
    terminal.type('run the tool');
    terminal.press('enter');
    await terminal.waitForText('Accepted tool done.');
    terminal.type('run it again');
    terminal.press('enter');
    await terminal.waitForText('Rejected tool done.');
    await terminal.waitForQuiet();

    const accepted = terminal.findRow('probe result expanded=false isError=false');
    const rejected = terminal.findRow('probe result expanded=false isError=true');
    expect(accepted).toBeGreaterThanOrEqual(0);
    expect(rejected).toBeGreaterThan(accepted);
    const colourOf = (row: number): string | undefined => terminal.styledRow(row).find((run) => run.text.includes('probe result'))?.fg;
    expect(colourOf(accepted)).not.toBe('default');
    expect(colourOf(rejected)).not.toBe('default');
    expect(colourOf(rejected)).not.toBe(colourOf(accepted));
  }, PI_E2E_TIMEOUT_MS);

  it('documents Pi: a project with .pi/settings.json asks for trust on 0.84+ until trust is saved', async () => {
    const sandbox = await createPiSandbox();
    await mkdir(join(sandbox.projectDir, '.pi'));
    await writeFile(join(sandbox.projectDir, '.pi', 'settings.json'), '{}\n');

    const asked = await startPiTerminal({ ...target, sandbox, cols: 100, rows: 30 });
    expect(asked.screenText().includes(TRUST_DIALOG)).toBe(target.version.projectPackagesNeedApprove);
    await asked.dispose();

    await sandbox.saveProjectTrust();
    const trusted = await startPiTerminal({ ...target, sandbox, cols: 100, rows: 30 });
    expect(trusted.screenText()).not.toContain(TRUST_DIALOG);
    trusted.type('trusted prompt');
    trusted.press('enter');
    await trusted.waitForText('Scripted reply.');
    await trusted.dispose();
  }, PI_E2E_TIMEOUT_MS);

  it('documents Pi: a compiled extension outside any node_modules can import @mariozechner/pi-tui at run time', async () => {
    const sandbox = await createPiSandbox();
    // Copied out of the repository so that only Pi's own module mapping can resolve the import.
    const extension = join(sandbox.tmpDir, 'probe-import.mjs');
    await copyFile(TUI_PROBE_IMPORT_EXTENSION_PATH, extension);
    const terminal = await startPiTerminal({ ...target, sandbox, cols: 80, rows: 24, extensions: [extension] });
    terminal.type('/probe-import');
    await terminal.waitForText('/probe-import');
    terminal.press('enter');
    await terminal.waitForText('import @mariozechner/pi-tui ok');
    await terminal.dispose();
  }, PI_E2E_TIMEOUT_MS);
});
