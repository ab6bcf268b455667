import { existsSync } from 'node:fs';
import type { PiContextPort } from './port.js';

// Where Pi shows what an extension draws: its terminal UI draws components; an RPC client (an
// editor integration) receives only plain strings; print and JSON mode show nothing at all.

export type PiSurface = 'terminal' | 'client' | 'none';

export function surfaceOf(ctx: PiContextPort): PiSurface {
  if (!ctx.hasUI) {
    return 'none';
  }
  if (ctx.mode !== undefined) {
    return ctx.mode === 'tui' ? 'terminal' : 'client';
  }
  // Pi 0.73-0.76 have no ctx.mode. Their RPC ui lists no themes at all, while the terminal UI
  // always lists its built-in ones (checked on 0.73.1, 0.74.2 and 0.76.0).
  return listsNoThemes(ctx.ui.getAllThemes?.()) ? 'client' : 'terminal';
}

/**
 * Only a list given at once can be Pi 0.73-0.76's RPC stub. A host that answers with a promise
 * (oh-my-pi) is not that stub, and a promise has no length to misread; a rejection is not left unheard.
 */
function listsNoThemes(themes: readonly unknown[] | PromiseLike<readonly unknown[]> | undefined): boolean {
  if (isPromiseLike(themes)) {
    themes.then(undefined, () => undefined);
    return false;
  }
  return themes?.length === 0;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Pi's terminal joins every extension's footer status on one line; a bar keeps two of ours apart there. */
const FOOTER_SEPARATOR = '│ ';

/** One of our footer statuses in Pi's terminal: its text, and how to set it again on the UI it was shown on. */
interface TerminalFooter {
  /** The UI it is drawn on. */
  readonly ui: unknown;
  readonly text: string;
  readonly set: (text: string) => void;
}

// Pi's terminal sorts every extension's status by key and joins them with one space, so a bar belongs
// between two of ours and never before the first: alone, a status starts with its own name. Each
// adapter bundles its own copy of this kit, so the statuses shown in this process are kept under a
// global symbol that every copy finds; one process has one terminal.
const TERMINAL_FOOTERS = Symbol.for('@j1nn0/pi-adapter-kit/terminal-footers');

function terminalFooters(): Map<string, TerminalFooter> {
  const holder = globalThis as { [TERMINAL_FOOTERS]?: Map<string, TerminalFooter> };
  const footers = holder[TERMINAL_FOOTERS] ?? new Map<string, TerminalFooter>();
  holder[TERMINAL_FOOTERS] = footers;
  return footers;
}

/** Sets each of our terminal statuses again, a bar before all but the first in Pi's order. */
function redrawTerminalFooters(footers: Map<string, TerminalFooter>): void {
  const keys = [...footers.keys()].sort((a, b) => a.localeCompare(b));
  keys.forEach((key, index) => {
    const footer = footers.get(key);
    try {
      footer?.set(index === 0 ? footer.text : `${FOOTER_SEPARATOR}${footer.text}`);
    } catch {
      // A UI Pi has replaced (another session) takes no status; its adapter draws again on the new one.
      footers.delete(key);
    }
  });
}

/** Sets a footer status on the surface `ctx` is on; `undefined` clears it. A client shows each status by its key. */
export function showFooterStatus(ctx: PiContextPort, key: string, text: string | undefined): void {
  const surface = surfaceOf(ctx);
  if (surface === 'none') {
    return;
  }
  if (surface === 'client') {
    ctx.ui.setStatus(key, text);
    return;
  }
  const footers = terminalFooters();
  // A footer set on another UI (a session Pi has replaced, another host in the same process) is not drawn here.
  for (const [other, footer] of footers) {
    if (footer.ui !== ctx.ui) footers.delete(other);
  }
  if (text === undefined) {
    footers.delete(key);
    ctx.ui.setStatus(key, undefined);
  } else {
    const { ui } = ctx;
    footers.set(key, { ui, text, set: (shown) => { ui.setStatus(key, shown); } });
  }
  redrawTerminalFooters(footers);
}

/**
 * Whether Pi holds this session in memory only for now: it has a file to write but has not written it
 * (Pi writes a session once the conversation starts), so quitting now loses what was recorded. False
 * for a session without a file (`--no-session`, which a person chose) and for a host that does not say.
 */
export function awaitsFirstSave(ctx: Pick<PiContextPort, 'sessionManager'>): boolean {
  const file = ctx.sessionManager.getSessionFile?.();
  return file !== undefined && !existsSync(file);
}
