import { hostLabel, hostModelArgs } from '../real/host-launch.js';
import { writeOmpAgentConfig } from '../real/omp-host.js';
import { AcpClient, type AcpAgentUnderTest } from './acp-client.js';

/** Starts `omp acp` (oh-my-pi's own ACP server) under describeOmp's target (the pinned Bun) with the scripted model (models.yml, config.yml) and `extensions`. */
export async function startOmpAcp(options: AcpAgentUnderTest): Promise<AcpClient> {
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
  });
}
