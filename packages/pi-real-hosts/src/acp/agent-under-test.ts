import type { PiVersion } from '../real/pi-versions.js';
import type { PiSandbox } from '../real/sandbox.js';
import type { ScriptedModel } from '../real/scripted-model.js';
import type { PermissionChoice } from './client-requests.js';

/** What every ACP agent the tests start is given: the host, its runtime, the sandbox, the model, our extensions. */
export interface AcpAgentUnderTest {
  /** The host release (a Pi line behind pi-acp, or oh-my-pi's `OMP_VERSION`). */
  readonly version: PiVersion;
  /** The runtime binary: Node 22 for pi-acp and Pi 0.75+, the pinned Bun for oh-my-pi. */
  readonly runtimePath: string;
  readonly sandbox: PiSandbox;
  readonly model: ScriptedModel;
  /** Absolute extension paths, each passed to the host as `-e`. */
  readonly extensions: readonly string[];
  readonly permission?: PermissionChoice;
  readonly timeoutMs?: number;
}
