import { awaitsFirstSave, plainText, showFooterStatus, styledLinesComponent, surfaceOf, type PiContextPort, type StyledLine } from '@j1nn0/pi-adapter-kit';
import type { ShownState } from '../controller.js';
import { FOOTER_STATUS_KEY, formatFooter } from './footer.js';
import { PANEL_WIDGET_KEY, panelLines } from './panel.js';

// What stays in view of the person: the footer counts and the panel. Both are redrawn from the state
// after every load and change; neither is ever sent to the model. This is the one place that decides
// how each surface gets them: Pi's terminal UI draws the panel as a component fitted to its width, an
// RPC client receives the same lines as plain text, print and JSON mode get nothing.

export interface StateView {
  show(ctx: PiContextPort, state: ShownState): void;
  /** Whether the footer last drawn said the session is not saved yet: it is drawn again once Pi has saved it. */
  saysNotSaved(): boolean;
  /** Hides or shows the panel until Pi exits; the footer stays. Showing it expands it. */
  setPanelVisible(visible: boolean): void;
  isPanelVisible(): boolean;
  /** Collapses the panel to one line or expands it; a view preference, never saved in the session. */
  setPanelCollapsed(collapsed: boolean): void;
  isPanelCollapsed(): boolean;
}

export function createStateView(): StateView {
  let panelVisible = true;
  let panelCollapsed = false;
  let notSaved = false;
  return {
    show(ctx, { snapshot, since, declared }) {
      const surface = surfaceOf(ctx);
      if (surface === 'none') {
        return;
      }
      const saved = !awaitsFirstSave(ctx);
      const footer = formatFooter(snapshot, saved);
      notSaved = footer !== undefined && !saved;
      showFooterStatus(ctx, FOOTER_STATUS_KEY, footer);
      const lines = panelVisible ? panelLines(snapshot, { collapsed: panelCollapsed, since, declared }) : [];
      if (lines.length === 0) {
        ctx.ui.setWidget(PANEL_WIDGET_KEY, undefined);
      } else if (surface === 'terminal') {
        ctx.ui.setWidget(PANEL_WIDGET_KEY, (_tui, theme) => styledLinesComponent(() => lines, theme));
      } else {
        ctx.ui.setWidget(PANEL_WIDGET_KEY, clientLines(lines));
      }
    },
    setPanelVisible(visible) {
      panelVisible = visible;
      // `panel on` asks to see the panel, so it comes back whole; `panel off` forgets a collapse too.
      panelCollapsed = false;
    },
    saysNotSaved: () => notSaved,
    isPanelVisible: () => panelVisible,
    setPanelCollapsed(collapsed) {
      panelCollapsed = collapsed;
    },
    isPanelCollapsed: () => panelCollapsed,
  };
}

/** A client has no width to fit and no theme: it gets each line's text, whole. */
function clientLines(lines: readonly StyledLine[]): string[] {
  return lines.map(plainText);
}
