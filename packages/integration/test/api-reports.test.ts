import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiReportsCommand } from '../src/api-reports/command.js';
import { apiReportTargets, reportFileName } from '../src/api-reports/report-targets.js';
import { normalizeApiReport } from '../src/api-reports/report-text.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Each report is one TypeScript program over a package's declarations: seconds on a loaded machine.
const EXTRACT_TIMEOUT_MS = 120_000;

const PUBLISHABLE = ['@j1nn0/agent-context-guard', '@j1nn0/agent-context-guard-pi', '@j1nn0/agent-state', '@j1nn0/agent-state-pi'];

interface CommandRun {
  readonly code: number;
  readonly output: string;
}

async function run(command: 'check' | 'update', repoRoot: string): Promise<CommandRun> {
  let output = '';
  const code = await runApiReportsCommand(command, repoRoot, (text) => (output += text));
  return { code, output };
}

/** A repository root holding a copy of one built package (manifest, declarations, report) and nothing else. */
async function copyPackage(scratch: string, folder: string): Promise<string> {
  const root = await mkdtemp(join(scratch, `${folder}-`));
  const source = join(REPO_ROOT, 'packages', folder);
  const copy = join(root, 'packages', folder);
  await mkdir(copy, { recursive: true });
  for (const entry of ['package.json', 'dist', 'api']) await cp(join(source, entry), join(copy, entry), { recursive: true });
  // The declarations import the core and TypeBox: resolve them where the real package does.
  await symlink(join(source, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

async function editFile(file: string, before: string, after: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(before)) throw new Error(`${file} no longer contains ${JSON.stringify(before)}: pick another edit`);
  await writeFile(file, text.replace(before, after));
}

describe('normalizeApiReport', () => {
  it('drops the "(undocumented)" markers and keeps every declaration and release tag', () => {
    const extracted = [
      '// @public (undocumented)',
      'export interface Item {',
      '    // (undocumented)',
      '    readonly id: string;',
      '}',
      '',
      '// @public',
      'export function make(): Item;',
      '',
    ].join('\r\n');
    expect(normalizeApiReport(extracted)).toBe(
      ['// @public', 'export interface Item {', '    readonly id: string;', '}', '', '// @public', 'export function make(): Item;', ''].join('\n'),
    );
  });
});

describe('reportFileName', () => {
  it('names a scoped package report after the name without its scope', () => {
    expect(reportFileName('@j1nn0/agent-state-pi')).toBe('agent-state-pi.api.md');
  });
});

describe('the checked-in API reports', () => {
  it('cover the four publishable packages, each under its api/ folder', async () => {
    const targets = await apiReportTargets(REPO_ROOT);
    expect(targets.map((target) => target.name)).toEqual(PUBLISHABLE);
    for (const target of targets) expect(target.reportFile).toBe(join(target.dir, 'api', reportFileName(target.name)));
  });

  it('name no folder of this machine', async () => {
    const machinePaths = [REPO_ROOT.replace(/\/$/u, ''), tmpdir(), homedir(), '/work/', '/home/', '/tmp/'];
    for (const target of await apiReportTargets(REPO_ROOT)) {
      const report = await readFile(target.reportFile, 'utf8');
      expect(machinePaths.filter((path) => report.includes(path)), target.name).toEqual([]);
    }
  });
});

describe('pnpm check:api on a copy of a package whose declarations changed', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'api-reports-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true, maxRetries: 3 });
  });

  it('fails on a changed type and on a renamed export of a core, shows both in a diff, and passes after api:update', async () => {
    const copy = await copyPackage(scratch, 'agent-state');
    const root = join(copy, '..', '..');
    expect(await run('check', root)).toMatchObject({ code: 0 });

    await editFile(join(copy, 'dist', 'types.d.ts'), "'blocked' | 'done';", "'blocked' | 'done' | 'cancelled';");
    const changedType = await run('check', root);
    expect(changedType.code).toBe(1);
    expect(changedType.output).toContain('@j1nn0/agent-state changed its public API (packages/agent-state/api/agent-state.api.md)');
    expect(changedType.output).toContain("\n-export type WorkItemStatus = 'open' | 'in_progress' | 'blocked' | 'done';\n");
    expect(changedType.output).toContain("\n+export type WorkItemStatus = 'open' | 'in_progress' | 'blocked' | 'done' | 'cancelled';\n");
    expect(changedType.output).toContain('run `pnpm api:update` and commit the updated report');

    expect(await run('update', root)).toEqual({ code: 0, output: 'api reports: wrote packages/agent-state/api/agent-state.api.md\n' });
    expect(await run('check', root)).toEqual({ code: 0, output: 'api reports: up to date (1 package)\n' });

    await editFile(join(copy, 'dist', 'index.d.ts'), 'export { summarizeAgentState }', 'export { summarizeAgentState as summarize }');
    const renamed = await run('check', root);
    expect(renamed.code).toBe(1);
    expect(renamed.output).toContain('\n-export function summarizeAgentState(snapshot: AgentStateSnapshot): AgentStateSummary;\n');
    expect(renamed.output).toContain('\n+export function summarize(snapshot: AgentStateSnapshot): AgentStateSummary;\n');
  }, EXTRACT_TIMEOUT_MS);

  it("fails on a changed port type that an adapter's export reaches without exporting it", async () => {
    const copy = await copyPackage(scratch, 'agent-state-pi');
    const root = join(copy, '..', '..');
    await editFile(join(copy, 'dist', 'extension.d.ts'), 'notify(message: string, type?: NotifyType): void;', 'notify(message: string): void;');

    const changed = await run('check', root);
    expect(changed.code).toBe(1);
    expect(changed.output).toContain('\n-    notify(message: string, type?: NotifyType): void;\n');
    expect(changed.output).toContain('\n+    notify(message: string): void;\n');
  }, EXTRACT_TIMEOUT_MS);

  it('reports a package without a report as missing, with the whole report as the diff', async () => {
    const copy = await copyPackage(scratch, 'agent-context-guard');
    await rm(join(copy, 'api'), { recursive: true });

    const missing = await run('check', join(copy, '..', '..'));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('@j1nn0/agent-context-guard has no API report yet (packages/agent-context-guard/api/agent-context-guard.api.md)');
    expect(missing.output).toContain('\n+export function createContextGuard(items?: readonly ContextItemInput[]): ContextGuard;\n');
  }, EXTRACT_TIMEOUT_MS);
});
