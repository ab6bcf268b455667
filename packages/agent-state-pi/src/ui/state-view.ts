import type { AgentStateSnapshot, AgentStateSummary } from '@j1nn0/agent-state';
import { styledLinesComponent, type PiContextPort } from '@j1nn0/pi-adapter-kit';
import { FOOTER_STATUS_KEY, formatFooter } from './footer.js';
import { PANEL_WIDGET_KEY, panelLines } from './panel.js';

// What stays on screen in Pi's interactive UI: the footer counts and the panel above the editor.
// Both are redrawn from the state after every load and change; neither is ever sent to the model.

export interface StateView {
  show(ctx: PiContextPort, snapshot: AgentStateSnapshot, summary: AgentStateSummary): void;
  /** Hides or shows the panel until Pi exits; the footer stays. */
  setPanelVisible(visible: boolean): void;
  isPanelVisible(): boolean;
}

export function createStateView(): StateView {
  let panelVisible = true;
  return {
    show(ctx, snapshot, summary) {
      if (!ctx.hasUI) {
        return;
      }
      ctx.ui.setStatus(FOOTER_STATUS_KEY, formatFooter(snapshot, summary));
      const lines = panelVisible ? panelLines(snapshot) : [];
      ctx.ui.setWidget(
        PANEL_WIDGET_KEY,
        lines.length === 0 ? undefined : (_tui, theme) => styledLinesComponent(() => lines, theme),
      );
    },
    setPanelVisible(visible) {
      panelVisible = visible;
    },
    isPanelVisible: () => panelVisible,
  };
}
