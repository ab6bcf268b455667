import { createLiteralVerifier } from '@j1nn0/agent-context-guard';
import { COMMAND_NAME, parseCommand, runCommand, type CommandTarget } from './commands.js';
import { CHECK_ENTRY_TYPE, toCheckPayload } from './check-entry.js';
import { createCompactionLifecycle } from './compaction.js';
import { completeArguments } from './completions.js';
import { createGuardController } from './controller.js';
import {
  onOptionalEvent,
  onSessionChange,
  registerEntryTranscript,
  registerReplyCommand,
  showFooterStatus,
  type PiContextPort,
  type PiExtensionPort,
} from '@j1nn0/pi-adapter-kit';
import type { GuardState } from './guard-state.js';
import { RESTATE_ENTRY_TYPE, toRestatePayload } from './restate-entry.js';
import { FOOTER_STATUS_KEY, formatFooter } from './ui/footer.js';
import { STATE_ENTRY_TYPE, readStatePayload } from './persistence.js';
import { createContextGuardTools } from './tools.js';
import { describeGuardChange } from './ui/change-line.js';

export { STATE_ENTRY_TYPE, STATE_PAYLOAD_VERSION, type StatePayload } from './persistence.js';
export { RECOVERY_MESSAGE_TYPE } from './recovery.js';
export { CHECK_ENTRY_TYPE, CHECK_PAYLOAD_VERSION, type CheckPayload } from './check-entry.js';
export { RESTATE_ENTRY_TYPE, RESTATE_PAYLOAD_VERSION, type RestatePayload } from './restate-entry.js';
export type { PiExtensionPort } from '@j1nn0/pi-adapter-kit';

/** The Pi extension: one `/context-guard` command, two tools, a check after every compaction. */
export default function contextGuardExtension(pi: PiExtensionPort): void {
  const lifecycle = createCompactionLifecycle({
    verifier: createLiteralVerifier(),
    saveCheck: (check) => {
      pi.appendEntry(CHECK_ENTRY_TYPE, toCheckPayload(check));
    },
    saveRestatement: (restatement) => {
      pi.appendEntry(RESTATE_ENTRY_TYPE, toRestatePayload(restatement));
    },
  });
  // The footer says a check is pending from a compaction until its check, read from the session, so it
  // holds after a restart too; it is redrawn when either may have changed.
  let footerPending = false;
  const drawFooter = (ctx: PiContextPort, state: GuardState): void => {
    footerPending = lifecycle.status(ctx.sessionManager).pending;
    showFooterStatus(ctx, FOOTER_STATUS_KEY, formatFooter(state, footerPending));
  };
  const controller = createGuardController({
    appendEntry: (customType, data) => {
      pi.appendEntry(customType, data);
    },
    show: drawFooter,
  });
  const target: CommandTarget = { controller, lifecycle };
  const transcript = registerEntryTranscript(pi, {
    customType: STATE_ENTRY_TYPE,
    title: 'Context Guard',
    read: readStatePayload,
    describe: describeGuardChange,
  });

  // Every start, session switch and tree move on any host may change which branch is current: restore from it.
  onSessionChange(pi, (ctx) => {
    transcript?.follow(ctx.sessionManager);
    controller.load(ctx);
  });
  // The guard observes compaction and never cancels or alters it. What it checks is read from the
  // session at the next request, so compactions Pi does not announce are checked as well.
  pi.on('session_compact', (_event, ctx) => {
    lifecycle.announce(ctx);
    controller.ensureLoaded(ctx);
    drawFooter(ctx, controller.current());
  });
  onOptionalEvent(pi, 'session_compact_failed', (event, ctx) => {
    controller.ensureLoaded(ctx);
    lifecycle.compactionFailed({ aborted: isAborted(event), nothingToCompact: foundNothingToCompact(event) }, controller.current(), ctx);
  });
  // The recovery mode and what a person holds critical come from the saved state, also in an SDK
  // session that never sent session_start.
  pi.on('context', async (event, ctx) => {
    controller.ensureLoaded(ctx);
    const result = await lifecycle.onContext(event, ctx, controller.current());
    if (footerPending) {
      drawFooter(ctx, controller.current());
    }
    return result;
  });

  registerReplyCommand(pi, {
    name: COMMAND_NAME,
    description: 'Protect context across compaction (caller-declared, not verified as true)',
    run: (args, ctx) => runCommand(parseCommand(args), target, ctx),
    complete: (prefix) => completeArguments(prefix, controller.current().items.map((item) => item.id)),
    transcript,
  });

  for (const tool of createContextGuardTools(target)) {
    pi.registerTool(tool);
  }
}

/**
 * Pi's words when a session has nothing to compact (every line that fires `session_compact_failed`, and
 * oh-my-pi's, which fires none): Pi shows them itself.
 */
const NOTHING_TO_COMPACT = 'Nothing to compact';

function foundNothingToCompact(event: unknown): boolean {
  const message = typeof event === 'object' && event !== null ? (event as { errorMessage?: unknown }).errorMessage : undefined;
  return typeof message === 'string' && message.startsWith(NOTHING_TO_COMPACT);
}

/** `session_compact_failed` marks a cancelled compaction with `aborted: true`. */
function isAborted(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as { aborted?: unknown }).aborted === true;
}
