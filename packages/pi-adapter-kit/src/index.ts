// The kit's public surface: what both Pi adapters share, compiled into each adapter's dist.
export {
  branchHistory,
  customEntriesOnBranch,
  findNewestCustomEntry,
  newestHistory,
  readEnvelope,
  restoreNewestEntry,
  type Envelope,
  type EnvelopeProblem,
  type HistoryStep,
  type NewestEntryRestore,
  type NewestHistory,
  type PayloadRead,
} from './branch-entries.js';
export { countCharacters, exceedsCharacters } from './characters.js';
export {
  completionMenu,
  completionWords,
  formatCommandUsage,
  helpRequest,
  mutationRequest,
  notifyReply,
  offerCompletions,
  readOnlyRequest,
  registerReplyCommand,
  rejectedRequest,
  splitWord,
  usageNoticeType,
  usageRequest,
  type CommandRequest,
  type CompletionCandidate,
  type ReadOnlyRequest,
  type ReplyCommandOptions,
} from './command.js';
export { displayWidth, ELLIPSIS, takeWidth, truncateToWidth } from './display-width.js';
export { createEntryTranscript, registerEntryTranscript, type EntryTranscript, type EntryTranscriptOptions } from './entry-transcript.js';
export {
  ENVELOPE_PROBLEM_REASONS,
  formatEntryTime,
  invalidIdRejection,
  LISTED_IDS,
  plural,
  quoteId,
  unknownIdRejection,
  wordList,
  type RecordedIds,
} from './message-words.js';
export {
  outcomeNotice,
  type Caller,
  type CommandReply,
  type ChangeOutcome,
  type Notice,
  type OutcomeMessages,
} from './outcome-notice.js';
export type {
  NotifyType,
  PiCommandPort,
  PiCompletionItem,
  PiComponentPort,
  PiContextEventPort,
  PiContextEventResult,
  PiContextHandler,
  PiContextPort,
  PiCustomEntryPort,
  PiCustomMessagePort,
  PiEntryRenderer,
  PiExtensionPort,
  PiJsonValue,
  PiLifecycleEventName,
  PiOptionalEventName,
  PiRenderedToolResult,
  PiSessionEntryPort,
  PiSessionManagerPort,
  PiShortcutOptions,
  PiThemeColor,
  PiThemePort,
  PiToolAnnotations,
  PiToolPort,
  PiToolRenderContext,
  PiToolRenderOptions,
  PiToolResult,
  PiUiPort,
  PiWidgetFactory,
  PiWidgetOptions,
} from './port.js';
export { createSavedState, type FailedChange, type SavedState, type SavedStateOptions } from './saved-state.js';
export { onOptionalEvent, onSessionChange } from './session-events.js';
export {
  fitLine,
  paintLine,
  PLAIN_THEME,
  plainText,
  segment,
  styledLinesComponent,
  type LineSegment,
  type StyledLine,
} from './styled-line.js';
export { awaitsFirstSave, showFooterStatus, surfaceOf, type PiSurface } from './surface.js';
export { escapeTerminalText, isTerminalUnsafe } from './terminal-text.js';
export { declareTool, schemaFields, unknownFieldRejection } from './tool-declaration.js';
export {
  argumentText,
  readRenderArguments,
  renderToolCallLine,
  renderToolResult,
  toolResultLines,
  toolRowRenderers,
  type RenderArguments,
  type ToolResultRow,
  type ToolRowRenderers,
} from './tool-row.js';
