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
  return ctx.ui.getAllThemes?.().length === 0 ? 'client' : 'terminal';
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
