import { hostLabel, hostModelArgs } from '../real/host-launch.js';
import { writeOmpAgentConfig } from '../real/omp-host.js';
import type { PiVersion } from '../real/pi-versions.js';
import type { PiSandbox } from '../real/sandbox.js';
import type { ScriptedModel } from '../real/scripted-model.js';
import { AcpClient } from './acp-client.js';
import type { PermissionChoice } from './client-requests.js';

export interface StartOmpAcpOptions {
  /** oh-my-pi and its Bun binary: describeOmp's target (`OMP_VERSION`, the pinned Bun as `nodePath`). */
  readonly version: PiVersion;
  readonly nodePath: string;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  /** Absolute extension paths, each passed as `-e`. */
  readonly extensions: readonly string[];
  readonly permission?: PermissionChoice;
  readonly timeoutMs?: number;
}

/** Starts `omp acp` (oh-my-pi's own ACP server) with the scripted model (models.yml, config.yml) and `extensions`. */
export async function startOmpAcp(options: StartOmpAcpOptions): Promise<AcpClient> {
  const { sandbox, model, version } = options;
  await writeOmpAgentConfig(sandbox, model);
  return AcpClient.start({
    label: `omp acp (${hostLabel(version)})`,
    command: options.nodePath,
    args: [
      version.cliPath,
      'acp',
      ...hostModelArgs(version.host, model),
      '--session-dir',
      sandbox.sessionDir,
      ...options.extensions.flatMap((path) => ['-e', path]),
    ],
    cwd: sandbox.projectDir,
    env: sandbox.env(),
    fileRoot: sandbox.root,
    ...(options.permission === undefined ? {} : { permission: options.permission }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
