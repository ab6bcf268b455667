import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { JsonlSplitter } from '../real/jsonl-splitter.js';
import { parseRecord, type PiEvent } from '../real/rpc-protocol.js';
import type { PiSandbox } from '../real/sandbox.js';
import { AcpClient, type AcpAgentUnderTest } from './acp-client.js';

/** The pi-acp release pi-real-hosts pins (the Pi entry of the ACP registry that Zed and JetBrains start). */
const PI_ACP_VERSION = '0.0.34';

/** The installed pi-acp's entry, from its package's `bin`. */
async function piAcpEntry(): Promise<string> {
  const manifestPath = createRequire(import.meta.url).resolve('pi-acp/package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version?: string; bin?: Record<string, string> };
  const bin = manifest.bin?.['pi-acp'];
  if (bin === undefined) throw new Error('pi-acp: package.json has no bin "pi-acp"');
  if (manifest.version !== PI_ACP_VERSION) throw new Error(`pi-acp: installed ${String(manifest.version)}, pinned ${PI_ACP_VERSION}`);
  return join(dirname(manifestPath), bin);
}

/** One word for a POSIX shell (sh, bash): single-quoted, with each `'` closed, escaped and reopened. */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Where the wrapper copies every record Pi prints to pi-acp, so a test sees what the host sent the bridge. */
function piRecordsFile(sandbox: PiSandbox): string {
  return join(sandbox.root, 'pi-rpc-stdout.jsonl');
}

/** The RPC records Pi sent to pi-acp so far (every Pi process of the sandbox, in order). */
export async function readPiRecords(sandbox: PiSandbox): Promise<PiEvent[]> {
  const path = piRecordsFile(sandbox);
  if (!existsSync(path)) return [];
  const splitter = new JsonlSplitter();
  return [...splitter.push(await readFile(path, 'utf8')), ...splitter.end()].map(parseRecord);
}

/**
 * Writes `<sandbox>/bin/pi-under-test`, the command pi-acp starts (PI_ACP_PI_COMMAND): pi-acp passes
 * only `--mode rpc --no-themes [--session <file>]`, so the model, session dir and `-e` paths are added
 * here. `exec` keeps Pi the process pi-acp signals; a tee copies its stdout to piRecordsFile.
 */
async function writePiCommand(options: AcpAgentUnderTest, binDir: string): Promise<string> {
  const { model, sandbox } = options;
  await sandbox.writeAgentJson('models.json', model.modelsJson());
  const fixedArgs = [...model.cliArgs, '--session-dir', sandbox.sessionDir, ...options.extensions.flatMap((path) => ['-e', path])];
  const script = [
    '#!/bin/bash',
    // pi-acp runs with a PATH that has no `pi` and no `npm` (see startPiAcp); Pi gets the ordinary one back.
    `PATH=${shellWord(sandbox.env()['PATH'] ?? '/usr/bin:/bin')}`,
    'export PATH',
    `exec ${[options.runtimePath, options.version.cliPath].map(shellWord).join(' ')} "$@" ${fixedArgs.map(shellWord).join(' ')} > >(tee -a ${shellWord(piRecordsFile(sandbox))})`,
    '',
  ].join('\n');
  const path = join(binDir, 'pi-under-test');
  await writeFile(path, script);
  await chmod(path, 0o755);
  return path;
}

/**
 * Starts pi-acp as an editor does (its `bin` under Node), with Pi from the sandbox's wrapper, the
 * scripted model and `extensions`. Its PATH holds only the sandbox's bin folder: pi-acp's update
 * notice runs `pi --version` and `npm view` from PATH, which must find neither.
 */
export async function startPiAcp(options: AcpAgentUnderTest): Promise<AcpClient> {
  const { sandbox } = options;
  const binDir = join(sandbox.root, 'bin');
  await mkdir(binDir, { recursive: true });
  const piCommand = await writePiCommand(options, binDir);
  return AcpClient.start({
    label: `pi-acp ${PI_ACP_VERSION} on Pi ${options.version.label}`,
    command: options.runtimePath,
    args: [await piAcpEntry()],
    cwd: sandbox.projectDir,
    env: { ...sandbox.env(), PATH: binDir, PI_ACP_PI_COMMAND: piCommand },
    fileRoot: sandbox.root,
  });
}
