import type { HostFacts } from '@j1nn0/pi-testkit/host-facts';
import { writeOmpAgentConfig } from './omp-host.js';
import type { PiVersion } from './pi-versions.js';
import type { PiSandbox } from './sandbox.js';
import type { ScriptedModel } from './scripted-model.js';

/** What starting a host takes, whichever way it is driven (RPC, Pi's RpcClient, a terminal, an ACP bridge). */
export interface HostStartOptions {
  readonly version: PiVersion;
  /** The runtime binary that runs this version: Node for Pi (see `findNodeFor` / `describeEachPi`), Bun for omp (`describeOmp`). */
  readonly runtimePath: string;
  /** Absolute extension paths, each passed as `-e`. */
  readonly extensions?: readonly string[];
  /** A model the caller owns; default: a new scripted model the harness owns and disposes. Its models file is written on start. */
  readonly model?: ScriptedModel;
  /** A sandbox the caller owns (e.g. to start again in it); default: a new one the harness owns and removes on dispose. */
  readonly sandbox?: PiSandbox;
  /** Bound of every wait unless a call passes its own. Default 20 s. */
  readonly timeoutMs?: number;
}

/** The command-line arguments that pick the scripted model on this host, plus the host's fixed test arguments. */
export function hostModelArgs(host: HostFacts, model: ScriptedModel): string[] {
  const modelArgs =
    host.agentConfig.modelArgument === 'provider-slash-model' ? ['--model', `${model.provider}/${model.modelId}`] : model.cliArgs;
  return [...modelArgs, ...host.agentConfig.fixedArgs];
}

/** Writes the agent-dir files that make the host use the scripted model (Pi: models.json; omp: models.yml and config.yml). */
export async function writeHostModelConfig(host: HostFacts, sandbox: PiSandbox, model: ScriptedModel): Promise<void> {
  if (host.agentConfig.modelsFile === 'models.yml') {
    await writeOmpAgentConfig(sandbox, model);
    return;
  }
  await sandbox.writeAgentJson('models.json', model.modelsJson());
}

/** `Pi 1.6.0`, `oh-my-pi 18.2.3`: how errors and titles name a running host. */
export function hostLabel(version: { readonly label: string; readonly host: HostFacts }): string {
  return `${version.host.displayName} ${version.label}`;
}

/** The sandbox's isolated environment (with Node's shared compile cache) plus the host's fixed test variables. */
export function hostEnv(host: HostFacts, sandbox: PiSandbox): Record<string, string> {
  return { ...sandbox.env(), ...host.agentConfig.fixedEnv };
}
