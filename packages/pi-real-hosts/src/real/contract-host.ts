import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTRACT_PROBE_PATH,
  PROBE_COMMAND,
  PROBE_ENTRY_TYPE,
  PROBE_TOOL,
  type ClientUi,
  type ContractHost,
  type ContractNotice,
  type ContractToolCall,
  type OfferedTool,
  type ProbeRecord,
  type ProjectPackageLoad,
  type SessionHandle,
} from '@j1nn0/pi-testkit/host-contract';
import { sentDeclarationKeys, toolResultsInCallOrder } from './model-request.js';
import { runPiCli } from './pi-cli.js';
import { startPi, type PiDriver } from './pi-driver.js';
import { latestStatus, latestWidget, toNotification } from './rpc-protocol.js';
import { PiSandbox } from './sandbox.js';
import type { PiTarget } from './vitest-matrix.js';

/** The probe as a package folder a person installs with `pi install <folder> -l`. */
async function probePackage(sandbox: PiSandbox): Promise<string> {
  const folder = join(sandbox.root, 'contract-probe-package');
  await mkdir(folder, { recursive: true });
  await copyFile(CONTRACT_PROBE_PATH, join(folder, 'contract-probe.js'));
  const manifest = { name: 'contract-probe', version: '1.0.0', type: 'module', pi: { extensions: ['./contract-probe.js'] } };
  await writeFile(join(folder, 'package.json'), JSON.stringify(manifest));
  return folder;
}

/**
 * A real host (a Pi line or oh-my-pi) in RPC mode behind the host contract's port, the probe loaded with
 * `-e`; or, with `projectPackage`, installed into the project as a person installs an adapter, Pi started
 * first without `--approve`, then with it where the line asks for trust.
 */
class RealContractHost implements ContractHost {
  readonly runsModel = true;
  readonly writesFiles = true;
  readonly #target: PiTarget;
  readonly #pi: PiDriver;
  readonly #sandbox: PiSandbox;
  readonly projectPackage: ProjectPackageLoad | undefined;

  private constructor(target: PiTarget, pi: PiDriver, sandbox: PiSandbox, projectPackage: ProjectPackageLoad | undefined) {
    this.#target = target;
    this.#pi = pi;
    this.#sandbox = sandbox;
    this.projectPackage = projectPackage;
  }

  static async start(target: PiTarget, asPackage: boolean): Promise<RealContractHost> {
    const sandbox = await PiSandbox.create();
    if (!asPackage) {
      return new RealContractHost(target, await startPi({ ...target, sandbox, extensions: [CONTRACT_PROBE_PATH] }), sandbox, undefined);
    }
    const install = await runPiCli({ ...target, sandbox, args: ['install', await probePackage(sandbox), '-l'] });
    const unapproved = await startPi({ ...target, sandbox });
    const loadedWithoutApprove = (await unapproved.getCommands()).some((command) => command.name === PROBE_COMMAND);
    const projectPackage = { installed: install.code === 0, installOutput: `${install.stdout}${install.stderr}`, loadedWithoutApprove };
    if (loadedWithoutApprove) return new RealContractHost(target, unapproved, sandbox, projectPackage);
    await unapproved.dispose();
    return new RealContractHost(target, await startPi({ ...target, sandbox, approveProjectPackages: true }), sandbox, projectPackage);
  }

  get line(): PiTarget['version'] {
    return this.#target.version;
  }

  async probe(args: string): Promise<ContractNotice[]> {
    const { notifications } = await this.#pi.prompt(`/${PROBE_COMMAND} ${args}`);
    return notifications.map(({ message, notifyType }) => ({ message, type: notifyType as ContractNotice['type'] }));
  }

  async log(): Promise<ProbeRecord[]> {
    const [notice] = await this.probe('log');
    return JSON.parse(notice?.message ?? '[]') as ProbeRecord[];
  }

  async listedCommands(): Promise<readonly string[] | undefined> {
    if (!this.line.host.rpc.getCommands) return undefined;
    return (await this.#pi.getCommands()).map((command) => command.name);
  }

  async offeredTool(): Promise<OfferedTool | undefined> {
    await this.reply('Which tools do you have?');
    const request = this.#pi.model.chatRequests().at(-1);
    const [declared] = request === undefined ? [] : sentDeclarationKeys(request, [PROBE_TOOL]);
    return declared === undefined ? undefined : { name: declared[0], fields: declared[1] };
  }

  async modelCalls(calls: readonly ContractToolCall[]): Promise<string[]> {
    this.#pi.model.enqueue({ toolCalls: calls.map((call) => ({ name: call.name, arguments: call.arguments as Record<string, unknown> | string })) }, { text: 'Done.' });
    await this.#pi.prompt('Run the calls.');
    // The request after the calls carries every tool result of the session; these calls' are the newest.
    return toolResultsInCallOrder(this.#pi.model.chatRequests().at(-1)).slice(-calls.length);
  }

  async reply(prompt: string): Promise<void> {
    this.#pi.model.enqueue({ text: 'Scripted reply.' });
    await this.#pi.prompt(prompt);
  }

  lastRequestText(): Promise<string> {
    return Promise.resolve(JSON.stringify(this.#pi.model.chatRequests().at(-1)?.messages ?? []));
  }

  async newSession(): Promise<void> {
    await this.#pi.newSession();
  }

  currentSession(): SessionHandle {
    return this.#pi.sessionFile;
  }

  async switchSession(session: SessionHandle): Promise<void> {
    await this.#pi.switchSession(String(session));
  }

  async fork(userEntryId: string): Promise<void> {
    const response = await this.#pi.send({ type: this.line.host.rpc.forkCommand, entryId: userEntryId });
    if (!response.success) throw new Error(`${this.line.host.rpc.forkCommand} failed: ${response.error ?? 'no error text'}`);
    await this.#pi.getState();
  }

  sessionWritten(session: SessionHandle = this.#pi.sessionFile): Promise<boolean> {
    return Promise.resolve(typeof session === 'string' && existsSync(session));
  }

  async restart(): Promise<void> {
    await this.#pi.restart();
  }

  async editNewestProbeEntry(data: unknown): Promise<void> {
    const file = this.#pi.sessionFile;
    if (file === undefined) throw new Error('no session file to edit');
    const lines = (await readFile(file, 'utf8')).split('\n');
    const index = lines.map((line) => line.includes(`"customType":"${PROBE_ENTRY_TYPE}"`)).lastIndexOf(true);
    if (index < 0) throw new Error('the session file has no probe entry');
    lines[index] = JSON.stringify({ ...(JSON.parse(lines[index] ?? '{}') as Record<string, unknown>), data });
    await writeFile(file, lines.join('\n'));
  }

  async compact(summary: string): Promise<void> {
    this.#pi.model.setSummary(summary);
    await this.#pi.compact();
  }

  clientUi(): Promise<ClientUi> {
    const events = this.#pi.events();
    const keys = (field: string): Set<string> =>
      new Set(events.flatMap((event) => (event.type === 'extension_ui_request' && typeof event[field] === 'string' ? [event[field]] : [])));
    const statuses = new Map<string, string>();
    for (const key of keys('statusKey')) {
      const text = latestStatus(events, key);
      if (text !== undefined) statuses.set(key, text);
    }
    const widgets = new Map([...keys('widgetKey')].map((key) => [key, latestWidget(events, key)] as const));
    const notices = events.flatMap((event) => toNotification(event) ?? []).map(({ message, notifyType }) => ({ message, type: notifyType as ContractNotice['type'] }));
    return Promise.resolve({ notices, statuses, widgets });
  }

  async dispose(): Promise<void> {
    await this.#pi.dispose();
    await this.#sandbox.dispose();
  }
}

/**
 * A real host for the host contract; describeEachPi and describeOmp give the target. `projectPackage`:
 * install the probe with `pi install <folder> -l` (Pi only) instead of loading it with `-e`.
 */
export function startContractHost(target: PiTarget, { projectPackage }: { readonly projectPackage: boolean }): Promise<ContractHost> {
  if (projectPackage && target.version.host.name !== 'pi') throw new Error(`${target.version.label}: only Pi installs project packages`);
  return RealContractHost.start(target, projectPackage);
}
