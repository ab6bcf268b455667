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

/** Pi's terminal joins every extension's footer status on one line; a bar keeps ours apart there. */
const FOOTER_SEPARATOR = '│ ';

/** Sets a footer status on the surface `ctx` is on; `undefined` clears it. A client shows each status by its key. */
export function showFooterStatus(ctx: PiContextPort, key: string, text: string | undefined): void {
  const surface = surfaceOf(ctx);
  if (surface === 'none') {
    return;
  }
  ctx.ui.setStatus(key, text !== undefined && surface === 'terminal' ? `${FOOTER_SEPARATOR}${text}` : text);
}
