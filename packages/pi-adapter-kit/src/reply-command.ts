import type { EntryTranscript } from './entry-transcript.js';
import type { CommandReply } from './outcome-notice.js';
import type { PiCompletionItem, PiContextPort, PiExtensionPort } from './port.js';
import { surfaceOf } from './surface.js';

// An adapter's one slash command: it runs the arguments, then tells the person what happened.

export interface ReplyCommandOptions {
  readonly name: string;
  readonly description: string;
  /** Runs the text after `/name ` and says what to tell the person. */
  readonly run: (args: string, ctx: PiContextPort) => CommandReply;
  readonly complete: (argumentPrefix: string) => PiCompletionItem[] | null;
  /** The adapter's chat lines, where Pi draws them (see registerEntryTranscript). */
  readonly transcript: EntryTranscript | undefined;
}

export function registerReplyCommand(pi: Pick<PiExtensionPort, 'registerCommand'>, options: ReplyCommandOptions): void {
  pi.registerCommand(options.name, {
    description: options.description,
    handler: (args, ctx) => {
      notifyReply(ctx, options.run(args, ctx), options.transcript);
      return Promise.resolve();
    },
    getArgumentCompletions: (argumentPrefix) => options.complete(argumentPrefix),
  });
}

/**
 * Tells the person what a command did. In the terminal UI a saved change already draws its line in
 * the chat; saying it again in a notification would show the same change twice, so only what the reply
 * says beyond the change is told there.
 */
export function notifyReply(ctx: PiContextPort, reply: CommandReply, transcript: EntryTranscript | undefined): void {
  if (!(reply.savedChange && transcript !== undefined && surfaceOf(ctx) === 'terminal')) {
    ctx.ui.notify(reply.message, reply.type);
  } else if (reply.beyondChange !== undefined) {
    ctx.ui.notify(reply.beyondChange, reply.type);
  }
}
