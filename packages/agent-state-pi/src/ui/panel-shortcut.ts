import type { PiExtensionPort } from '@j1nn0/pi-adapter-kit';
import type { AgentStateController } from '../controller.js';
import { formatPanelKeyIdle } from '../format.js';
import { isEmptySnapshot } from '../mutations.js';
import { PANEL_TOGGLE_KEY } from './panel.js';
import type { StateView } from './state-view.js';

// One key collapses the panel to its headline and expands it again. Only Pi's terminal UI has keys,
// and the collapse is the person's view, not Agent State: nothing is saved, and a new Pi starts expanded.

export const PANEL_TOGGLE_DESCRIPTION = 'Collapse or expand the Agent State panel';

export function registerPanelShortcut(
  pi: Pick<PiExtensionPort, 'registerShortcut'>,
  screen: StateView,
  controller: Pick<AgentStateController, 'current' | 'shown' | 'ensureLoaded'>,
): void {
  pi.registerShortcut(PANEL_TOGGLE_KEY, {
    description: PANEL_TOGGLE_DESCRIPTION,
    handler(ctx) {
      controller.ensureLoaded(ctx);
      // `panel off` was asked for in words; a key meant for collapsing does not overrule it.
      const idle = !screen.isPanelVisible() ? 'panel_off' : isEmptySnapshot(controller.current()) ? 'empty' : undefined;
      if (idle !== undefined) {
        ctx.ui.notify(formatPanelKeyIdle(idle), 'info');
        return;
      }
      screen.setPanelCollapsed(!screen.isPanelCollapsed());
      screen.show(ctx, controller.shown());
    },
  });
}
