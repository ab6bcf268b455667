import { COMMAND_NAME, parseCommand, runCommand, type CommandTarget } from './commands.js';
import { completeArguments } from './completions.js';
import { createAgentStateController } from './controller.js';
import { onSessionChange, registerEntryTranscript, registerReplyCommand, type PiExtensionPort } from '@j1nn0/pi-adapter-kit';
import { STATE_ENTRY_TYPE, readSavedChange } from './persistence.js';
import { createAgentStateTools } from './tools.js';
import { createStateView } from './ui/state-view.js';
import { registerPanelShortcut } from './ui/panel-shortcut.js';
import { describeSavedChange } from './ui/change-line.js';

export { STATE_ENTRY_TYPE, STATE_PAYLOAD_VERSION, type StatePayload } from './persistence.js';
export type { PiExtensionPort } from '@j1nn0/pi-adapter-kit';

/** The Pi extension: one `/agent-state` command, four tools, state saved as session entries. */
export default function agentStateExtension(pi: PiExtensionPort): void {
  const screen = createStateView();
  const controller = createAgentStateController(
    (customType, data) => {
      pi.appendEntry(customType, data);
    },
    (ctx, shown) => {
      screen.show(ctx, shown);
    },
  );
  const target: CommandTarget = { controller, screen };
  const transcript = registerEntryTranscript(pi, {
    customType: STATE_ENTRY_TYPE,
    title: 'Agent State',
    read: readSavedChange,
    describe: describeSavedChange,
  });

  // Every start, session switch and tree move on any host may change which branch is current: restore from it.
  onSessionChange(pi, (ctx) => {
    transcript?.follow(ctx.sessionManager);
    controller.load(ctx);
  });

  registerReplyCommand(pi, {
    name: COMMAND_NAME,
    description: 'Record the objective, work items and decisions (caller-declared, not verified)',
    run: (args, ctx) => runCommand(parseCommand(args), target, ctx),
    complete: (prefix) => completeArguments(prefix, controller.current().workItems.map((item) => item.id)),
    transcript,
  });

  // Pi writes a new session to disk once the conversation starts: the footer's "not saved yet" goes then.
  pi.on('turn_end', (_event, ctx) => {
    if (screen.saysNotSaved()) screen.show(ctx, controller.shown());
  });

  registerPanelShortcut(pi, screen, controller);
  for (const tool of createAgentStateTools(controller)) {
    pi.registerTool(tool);
  }
}
