// Real hosts for the e2e suites: Pi's release lines, oh-my-pi on Bun, the scripted offline model, the RPC
// driver and sandbox, and the host contract's real hosts. The terminal harness is at ./terminal, the ACP client at ./acp.
export { PI_ANCHORS, type PiVersion } from './pi-versions.js';
export type { HostFacts } from '@j1nn0/pi-testkit/host-facts';
export { OMP_VERSION } from './omp-host.js';
export { findBunBinary } from './bun-binary.js';
export { findNodeFor } from './node-binary.js';
export { describeEachPi, PI_E2E_TIMEOUT_MS, type PiTarget } from './vitest-matrix.js';
export { describeOmp } from './omp-suite.js';
export { useSharedPi, useSharedRpcClient } from './shared-pi.js';
export { useCliRuns } from './cli-runs.js';
export { PiDriver, startPi } from './pi-driver.js';
export type { PiRpcClient } from './rpc-client.js';
export { createPiSandbox, PiSandbox } from './sandbox.js';
export { type PiCliResult, runPiCli, runPiSdkScript } from './pi-cli.js';
export { ScriptedModel, startScriptedModel } from './scripted-model.js';
export { CODEMODE_ONLY_SETTINGS, codemodeCall, runCodemodeScript } from './codemode.js';
export { expectedOmpToolExposure, ompToolExposure } from './omp-tool-exposure.js';
export { type ChatMessage, contentText, type ModelRequest, toolResultEntriesInCallOrder, toolResultsInCallOrder } from './model-request.js';
export type { ProviderApi } from './provider-apis/wire.js';
export { PROVIDER_APIS } from './provider-apis/wires.js';
export { type PiCommandInfo, type PiEvent, type PiExtensionError, type PiNotification, toStatusUpdate, toWidgetUpdate } from './rpc-protocol.js';
export { customEntries, parseSessionJsonl, readSessionJsonl, type SessionFileEntry } from './session-file.js';
export { disposeAll } from './process-registry.js';
export { hostReadsKey, KEYBINDING_HOSTS, normalizeKeyId, readHostKeybindings } from './host-keybindings.js';
export { startContractHost } from './contract-host.js';
