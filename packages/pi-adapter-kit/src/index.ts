// The kit's public surface: what both Pi adapters share, compiled into each adapter's dist.
export { completionWords, splitWord } from './argument-words.js';
export {
  customEntriesOnBranch,
  findNewestCustomEntry,
  readEnvelope,
  restoreNewestEntry,
  type Envelope,
  type EnvelopeProblem,
  type NewestEntryRestore,
  type PayloadRead,
} from './branch-entry.js';
export {
  formatCommandUsage,
  helpRequest,
  mutationRequest,
  readOnlyRequest,
  rejectedRequest,
  usageNoticeType,
  usageRequest,
  type CommandRequest,
  type ReadOnlyRequest,
} from './command-request.js';
export { completionMenu, offerCompletions, type CompletionCandidate } from './completion.js';
export { plural, wordList } from './plural.js';
export { countCharacters, exceedsCharacters } from './characters.js';
export {
  createEntryTranscript,
  registerEntryTranscript,
  type EntryTranscript,
  type EntryTranscriptOptions,
} from './entry-transcript.js';
export { branchHistory, newestHistory, type HistoryStep, type NewestHistory } from './entry-history.js';
export { formatEntryTime } from './entry-time.js';
export { ENVELOPE_PROBLEM_REASONS, LISTED_IDS, invalidIdRejection, quoteId, unknownIdRejection, type RecordedIds } from './id-text.js';
export { outcomeNotice, type Caller, type CommandReply, type ControllerOutcome, type Notice, type OutcomeMessages } from './outcome-notice.js';
export { ELLIPSIS, displayWidth, takeWidth, truncateToWidth } from './display-width.js';
export { onOptionalEvent } from './optional-event.js';
export { createSavedState, type FailedChange, type SavedState, type SavedStateOptions } from './saved-state.js';
export { onSessionChange } from './session-events.js';
export type {
  NotifyType,
  PiThemeColor,
  PiThemePort,
  PiComponentPort,
  PiWidgetFactory,
  PiWidgetOptions,
  PiUiPort,
  PiSessionEntryPort,
  PiSessionManagerPort,
  PiContextPort,
  PiCompletionItem,
  PiCommandPort,
  PiJsonValue,
  PiToolResult,
  PiToolAnnotations,
  PiToolRenderContext,
  PiToolRenderOptions,
  PiRenderedToolResult,
  PiToolPort,
  PiCustomMessagePort,
  PiContextEventPort,
  PiContextEventResult,
  PiContextHandler,
  PiLifecycleEventName,
  PiOptionalEventName,
  PiCustomEntryPort,
  PiEntryRenderer,
  PiExtensionPort,
  PiShortcutOptions,
} from './port.js';
export {
  PLAIN_THEME,
  fitLine,
  paintLine,
  plainText,
  segment,
  styledLinesComponent,
  type LineSegment,
  type StyledLine,
} from './styled-line.js';
export { notifyReply, registerReplyCommand, type ReplyCommandOptions } from './reply-command.js';
export { showFooterStatus, surfaceOf, type PiSurface } from './surface.js';
export { escapeTerminalText, isTerminalUnsafe } from './terminal-text.js';
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
export { declareTool } from './tool-declaration.js';
export { schemaFields, unknownFieldRejection } from './tool-fields.js';
