import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runApiReportsCommand } from '../src/api-reports/command.js';
import { apiReportTargets } from '../src/api-reports/report-targets.js';
import { normalizeApiReport } from '../src/api-reports/extract-report.js';

// `pnpm check:api` (CI) holds the checked-in reports equal to the build; this shows that it fails on a
// changed export, and what a maintainer then reads and runs.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Each report is one TypeScript program over a package's declarations: seconds on a loaded machine.
const EXTRACT_TIMEOUT_MS = 120_000;

async function run(command: 'check' | 'update', repoRoot: string): Promise<{ code: number; output: string }> {
  let output = '';
  const code = await runApiReportsCommand(command, repoRoot, (text) => (output += text));
  return { code, output };
}

async function editFile(file: string, before: string, after: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(before)) throw new Error(`${file} no longer contains ${JSON.stringify(before)}: pick another edit`);
  await writeFile(file, text.replace(before, after));
}

describe('the API reports', () => {
  it('drop the "(undocumented)" markers of API Extractor and keep every declaration and release tag', () => {
    const extracted = ['// @public (undocumented)', 'export interface Item {', '    // (undocumented)', '    readonly id: string;', '}', ''].join('\r\n');
    expect(normalizeApiReport(extracted)).toBe(['// @public', 'export interface Item {', '    readonly id: string;', '}', ''].join('\n'));
  });

  it('are checked in for the four publishable packages, each under its api/ folder, and name no folder of this machine', async () => {
    const targets = await apiReportTargets(REPO_ROOT);
    expect(targets.map((target) => target.reportFile.slice(REPO_ROOT.length))).toEqual([
      'packages/agent-context-guard/api/agent-context-guard.api.md',
      'packages/agent-context-guard-pi/api/agent-context-guard-pi.api.md',
      'packages/agent-state/api/agent-state.api.md',
      'packages/agent-state-pi/api/agent-state-pi.api.md',
    ]);
    const machinePaths = [REPO_ROOT.replace(/\/$/u, ''), tmpdir(), homedir(), '/work/', '/home/', '/tmp/'];
    for (const target of targets) {
      const report = await readFile(target.reportFile, 'utf8');
      expect(machinePaths.filter((path) => report.includes(path)), target.name).toEqual([]);
    }
  });

  it(
    'fail pnpm check:api on a renamed export and on a port type an export reaches, with a diff, until api:update writes them; a missing one is shown whole',
    async () => {
      // A repository root holding a copy of one built package (manifest, declarations, report) and nothing else.
      const root = await mkdtemp(join(tmpdir(), 'api-reports-'));
      try {
        const source = join(REPO_ROOT, 'packages', 'agent-state-pi');
        const copy = join(root, 'packages', 'agent-state-pi');
        await mkdir(copy, { recursive: true });
        for (const entry of ['package.json', 'dist', 'api']) await cp(join(source, entry), join(copy, entry), { recursive: true });
        // The declarations import the core and TypeBox: resolve them where the real package does.
        await symlink(join(source, 'node_modules'), join(copy, 'node_modules'), 'dir');
        const declarations = join(copy, 'dist', 'extension.d.ts');
        await editFile(declarations, 'notify(message: string, type?: NotifyType): void;', 'notify(message: string): void;');
        await editFile(declarations, ' STATE_PAYLOAD_VERSION,', ' STATE_PAYLOAD_VERSION as PAYLOAD_VERSION,');

        const changed = await run('check', root);
        expect(changed.code).toBe(1);
        for (const line of [
          '@j1nn0/agent-state-pi changed its public API (packages/agent-state-pi/api/agent-state-pi.api.md)',
          '\n-    notify(message: string, type?: NotifyType): void;\n',
          '\n+    notify(message: string): void;\n',
          '\n-export const STATE_PAYLOAD_VERSION = 1;\n',
          '\n+export const PAYLOAD_VERSION = 1;\n',
          'run `pnpm api:update` and commit the updated report',
        ]) {
          expect(changed.output).toContain(line);
        }
        expect(await run('update', root)).toEqual({ code: 0, output: 'api reports: wrote packages/agent-state-pi/api/agent-state-pi.api.md\n' });
        const updated = await readFile(join(copy, 'api', 'agent-state-pi.api.md'), 'utf8');
        expect([updated.includes('    notify(message: string): void;\n'), updated.includes('\nexport const PAYLOAD_VERSION = 1;\n')]).toEqual([true, true]);

        await rm(join(copy, 'api'), { recursive: true });
        const missing = await run('check', root);
        expect(missing.code).toBe(1);
        expect(missing.output).toContain('@j1nn0/agent-state-pi has no API report yet (packages/agent-state-pi/api/agent-state-pi.api.md)');
        expect(missing.output).toContain('\n+export default agentStateExtension;\n');
      } finally {
        await rm(root, { recursive: true, force: true, maxRetries: 3 });
      }
    },
    EXTRACT_TIMEOUT_MS,
  );
});
