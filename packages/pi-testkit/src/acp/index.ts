export { AcpClient, DEFAULT_ACP_WAIT_MS, startAcpAgent, type AcpAgentRequest, type AcpPromptOutcome, type AcpTurn, type StartAcpAgentOptions } from './acp-client.js';
export { TEST_CLIENT_CAPABILITIES, answerPermission, pathInsideRoot, sliceLines, type PermissionChoice } from './client-requests.js';
export {
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_PARAMS,
  JSON_RPC_METHOD_NOT_FOUND,
  encodeError,
  encodeNotification,
  encodeRequest,
  encodeResult,
  isJsonObject,
  parseJsonRpcLine,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcMessage,
} from './json-rpc.js';
export { PI_ACP_VERSION, piAcpEntry, piRecordsFile, readPiRecords, startPiAcp, type StartPiAcpOptions } from './pi-acp-agent.js';
export { shellWord } from './shell-word.js';
export {
  agentMessageChunks,
  agentMessageText,
  availableCommandNames,
  toSessionNotification,
  toolCallViews,
  type AcpSessionNotification,
  type AcpSessionUpdate,
  type AcpToolCallStatus,
  type AcpToolCallView,
} from './session-updates.js';
export { startOmpAcp, type StartOmpAcpOptions } from './omp-acp-agent.js';
export type { AcpAgentUnderTest } from './agent-under-test.js';
