// ACP clients for editor bridges: pi-acp and `omp acp` driven through the protocol's own SDK.
export { AcpClient, type AcpPromptOutcome } from './acp-client.js';
export { readPiRecords, startPiAcp } from './pi-acp-agent.js';
export { type AcpSessionUpdate, agentMessageChunks, availableCommandNames, toolCallViews } from './session-updates.js';
export { startOmpAcp } from './omp-acp-agent.js';
