import { findBunBinary } from '../real/bun-binary.js';
import { hostModelArgs } from '../real/host-launch.js';
import { OMP_HOST, OMP_VERSION, writeOmpAgentConfig } from '../real/omp-host.js';
import type { PiSandbox } from '../real/sandbox.js';
import type { ScriptedModel } from '../real/scripted-model.js';
import { AcpClient } from './acp-client.js';
import type { PermissionChoice } from './client-requests.js';

export interface StartOmpAcpOptions {
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  /** Absolute extension paths, each passed as `-e`. */
  readonly extensions: readonly string[];
  readonly permission?: PermissionChoice;
  readonly timeoutMs?: number;
}

/** Starts `omp acp` (oh-my-pi's own ACP server) under the pinned Bun, with the scripted model and `extensions`. */
export async function startOmpAcp(options: StartOmpAcpOptions): Promise<AcpClient> {
  const bun = findBunBinary();
  if (bun.bunPath === null) throw new Error(`omp acp: ${bun.skipReason}`);
  const { sandbox, model } = options;
  await writeOmpAgentConfig(sandbox, model);
  return AcpClient.start({
    label: `omp acp ${OMP_VERSION.label}`,
    command: bun.bunPath,
    args: [
      OMP_VERSION.cliPath,
      'acp',
      ...hostModelArgs(OMP_HOST, model),
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
