export { PI_LINE_VERSIONS, PI_VERSIONS, installedVersion, type PiVersion } from './pi-versions.js';
export {
  EXCLUDED_PI_RELEASE_LINES,
  PI_RELEASE_LINES,
  type CompactionFacts,
  type ExcludedPiReleaseLine,
  type PiCliEntry,
  type PiReleaseLine,
} from './pi-release-lines.js';
export {
  PI_HOST,
  type AgentConfigFacts,
  type HostFacts,
  type HostRuntime,
  type RendererFacts,
  type RpcFacts,
  type SessionEventFact,
  type SessionEventFacts,
  type SessionFileTiming,
  type TerminalFacts,
} from './host-facts.js';
export {
  DEFAULT_OMP_CONFIG,
  OMP_CLI_PATH,
  OMP_HOST,
  OMP_PACKAGE_NAME,
  OMP_VERSION,
  OMP_VERSION_LABEL,
  ompBunRange,
  writeOmpAgentConfig,
} from './omp-host.js';
export { bunPlatformPackage, findBunBinary, type BunChoice } from './bun-binary.js';
export { hostEnv, hostLabel, hostModelArgs, writeHostModelConfig } from './host-launch.js';
export { lineFactsFor, parseEnginesMinimum, versionFromPackageDir } from './pi-package-dir.js';
export {
  ENABLE_NODE22_HINT,
  NODE_20_MINIMUM,
  NODE_22_MINIMUM,
  chooseNodeBinary,
  findNodeFor,
  formatNodeVersion,
  isAtLeast,
  parseNodeVersion,
  type NodeCandidates,
  type NodeChoice,
  type NodeVersion,
} from './node-binary.js';
export { piMatrix, piVersionsFor, planPiSuite, selectPiVersions, type PiLineSelection, type PiMatrixEntry, type PiSuitePlan } from './pi-matrix.js';
export { PI_E2E_TIMEOUT_MS, describeEachPi, type DescribeEachPiOptions, type PiTarget } from './vitest-matrix.js';
export { describeOmp, ompTarget } from './omp-suite.js';
export { useFreshPi, useSharedPi, useSharedRpcClient, type SharedPiOptions } from './shared-pi.js';
export { useCliRuns, type CliRuns } from './cli-runs.js';
export {
  DEFAULT_WAIT_MS,
  PiDriver,
  startPi,
  type PromptResult,
  type StartPiOptions,
} from './pi-driver.js';
export { PiRpcClient, loadRpcClientClass, startRpcClient, type PiRpcClientPort, type StartRpcClientOptions } from './rpc-client.js';
export { DEFAULT_AGENT_SETTINGS, PiSandbox, createPiSandbox, type PiSandboxOptions } from './sandbox.js';
export {
  DEFAULT_CLI_TIMEOUT_MS,
  runPiCli,
  runPiSdkScript,
  type PiCliResult,
  type RunPiCliOptions,
  type RunPiSdkScriptOptions,
} from './pi-cli.js';
export {
  DEFAULT_SCRIPTED_REPLY,
  DEFAULT_SCRIPTED_SUMMARY,
  ScriptedModel,
  startScriptedModel,
  type ModelsJson,
  type ScriptedModelOptions,
  type ScriptedStep,
  type ScriptedSummary,
} from './scripted-model.js';
export { CODEMODE_ONLY_SETTINGS, codemodeCall, runCodemodeScript, scriptOutput } from './codemode.js';
export { expectedOmpToolExposure, ompToolExposure, requestSizes, type OmpToolExposure } from './omp-tool-exposure.js';
export { SUMMARIZATION_MARKERS, contentText, readModelRequest, toolResultsInCallOrder, sentDeclarationKeys, type ChatMessage, type ModelRequest, type OfferedTool } from './model-request.js';
export { encodeCompletionStream, type ScriptedReply, type ScriptedToolCall } from './openai-stream.js';
export { JsonlSplitter } from './jsonl-splitter.js';
export {
  BLOCKING_DIALOG_METHODS,
  parseRecord,
  toStatusUpdate,
  toWidgetUpdate,
  overlappingToolCalls,
  type CompactResult,
  type PiCommandInfo,
  type PiEvent,
  type PiExtensionError,
  type PiNotification,
  type PiResponse,
  type PiState,
  type PiStatusUpdate,
  type PiWidgetUpdate,
} from './rpc-protocol.js';
export { customEntries, parseSessionJsonl, readSessionJsonl, type SessionFileEntry } from './session-file.js';
export { disposeAll, liveProcessCount, type Disposable } from './process-registry.js';
export {
  KEYBINDING_HOSTS,
  hostReadsKey,
  normalizeKeyId,
  readHostKeybindings,
  type HostKeybindings,
  type KeybindingHost,
} from './host-keybindings.js';
