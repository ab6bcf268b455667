// Fake Pi host: an in-memory, Pi-faithful host for fast adapter tests. The real-Pi driver lives at `./real`.
export {
  createFakePiHost,
  FakePiHost,
  type CommandCompletions,
  type ExecuteToolOptions,
  type ExtensionFactory,
  type FakePiHostOptions,
  type SessionSwitchStyle,
  type ForbiddenCall,
  type HostForkOptions,
  type HostNewSessionOptions,
  type RepeatOptions,
  type SessionChange,
  type SessionStartReason,
} from './fake-host/fake-host.js';
export {
  FakeSession,
  type FakeSessionOptions,
  type MessageInput,
  type RawEntryInput,
  type ReadonlySessionManager,
} from './fake-host/fake-session.js';
export { FakePiHostError, type FakePiHostErrorCode } from './fake-host/errors.js';
export {
  DEFAULT_FAKE_SUMMARY,
  type BoundaryDraft,
  type CompactionReason,
  type FakeCompactionOptions,
  type FakeCompactionResult,
} from './fake-host/compaction.js';
export type { FakeExtensionApi } from './fake-host/extension-api.js';
export type {
  ExtensionMode,
  FakeCommandContext,
  FakeExtensionContext,
  ReplacedSessionContext,
} from './fake-host/extension-context.js';
export type { ExtensionErrorRecord } from './fake-host/event-dispatch.js';
export type { Notification, NotificationType } from './fake-host/fake-ui.js';
export type { FakeShortcut } from './fake-host/shortcuts.js';
export type { ToolExecutionResult, ToolResultContent } from './fake-host/tool-call.js';
export { checkToolArguments, type ToolArgumentsCheck } from './fake-host/tool-arguments.js';
export { parseCommandLine, type CommandLine } from './fake-host/command-line.js';
export { createEventProbe, type EventProbe, type ProbedEvent } from './fake-host/event-probe.js';
