import { COMMAND_NAME, parseCommand, runCommand } from './commands.js';
import { completeArguments } from './completions.js';
import { createAgentStateController } from './controller.js';
import type { PiContextPort, PiExtensionPort } from '@j1nn0/pi-adapter-kit';
import { createAgentStateTools } from './tools.js';

export { STATE_ENTRY_TYPE, STATE_PAYLOAD_VERSION, type StatePayload } from './persistence.js';
export type { PiExtensionPort } from '@j1nn0/pi-adapter-kit';

/** The Pi extension: one `/agent-state` command, four tools, state saved as session entries. */
export default function agentStateExtension(pi: PiExtensionPort): void {
  const controller = createAgentStateController((customType, data) => {
    pi.appendEntry(customType, data);
  });
  // Every start reason and every tree move changes which branch is current: restore from it.
  const load = (_event: unknown, ctx: PiContextPort): void => {
    controller.load(ctx);
  };
  pi.on('session_start', load);
  pi.on('session_tree', load);

  pi.registerCommand(COMMAND_NAME, {
    description: 'Record the objective, work items and decisions (caller-declared, not verified)',
    handler: (args, ctx) => {
      const notice = runCommand(parseCommand(args), controller, ctx);
      ctx.ui.notify(notice.message, notice.type);
      return Promise.resolve();
    },
    getArgumentCompletions: (prefix) =>
      completeArguments(
        prefix,
        controller.current().workItems.map((item) => item.id),
      ),
  });

  for (const tool of createAgentStateTools(controller)) {
    pi.registerTool(tool);
  }
}
