import { hostLabel, hostModelArgs } from '../real/host-launch.js';
import { writeOmpAgentConfig } from '../real/omp-host.js';
import { AcpClient } from './acp-client.js';
import type { AcpAgentUnderTest } from './agent-under-test.js';

/** oh-my-pi and its Bun binary: describeOmp's target (`OMP_VERSION`, the pinned Bun as `runtimePath`). */
export type StartOmpAcpOptions = AcpAgentUnderTest;

/** Starts `omp acp` (oh-my-pi's own ACP server) with the scripted model (models.yml, config.yml) and `extensions`. */
export async function startOmpAcp(options: StartOmpAcpOptions): Promise<AcpClient> {
  const { sandbox, model, version } = options;
  await writeOmpAgentConfig(sandbox, model);
  return AcpClient.start({
    label: `omp acp (${hostLabel(version)})`,
    command: options.runtimePath,
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
