// What each host the adapters run in does differently, as data: Pi's release lines, oh-my-pi, and the
// fake host, which mirrors one Pi line. The host contract checks these facts against every host.
export {
  OMP_HOST,
  OMP_LINE,
  PI_HOST,
  type AgentConfigFacts,
  type HostFacts,
  type HostLine,
  type HostRuntime,
  type ProviderApi,
  type RendererFacts,
  type RpcFacts,
  type SessionEventFact,
  type SessionEventFacts,
  type SessionFileTiming,
  type TerminalFacts,
} from './host-facts.js';
export {
  EXCLUDED_PI_RELEASE_LINES,
  NODE_20_MINIMUM,
  NODE_22_MINIMUM,
  PI_RELEASE_LINES,
  lineFacts,
  releaseLine,
  type CompactionFacts,
  type ExcludedPiReleaseLine,
  type FaultFacts,
  type LineFacts,
  type PiCliEntry,
  type PiReleaseLine,
  type RuntimeVersion,
  type ValidatorWords,
} from './pi-release-lines.js';
