import { fileURLToPath } from 'node:url';

/** The TUI probe extension: widgets, a footer status, the `probe_tool` with renderers, completion. */
export const TUI_PROBE_EXTENSION_PATH = fileURLToPath(new URL('../fixtures/tui-probe-extension.ts', import.meta.url));

/** A second extension with one footer status, to see two extensions' statuses side by side. */
export const TUI_PROBE_STATUS_EXTENSION_PATH = fileURLToPath(new URL('../fixtures/tui-probe-status-extension.ts', import.meta.url));

/** A compiled-style extension whose `/probe-import` draws a widget with `Text` imported from `@mariozechner/pi-tui` at run time. */
export const TUI_PROBE_IMPORT_EXTENSION_PATH = fileURLToPath(new URL('../fixtures/tui-probe-import-mariozechner.mjs', import.meta.url));
