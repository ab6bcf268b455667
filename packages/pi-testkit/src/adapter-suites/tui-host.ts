import type { FakePiHost, FakePiHostOptions } from '../fake-host/fake-host.js';

// The fake host as Pi's terminal UI runs an extension (mode `tui`, Pi 0.84+ with entry renderers),
// and what that UI would draw for saved custom entries.

/** A theme that paints nothing, as the entry and widget components receive it. */
const PLAIN_THEME = { fg: (_color: string, text: string) => text, bold: (text: string) => text };

interface DrawnComponent {
  render(width: number): string[];
}

/** A fake host in mode `tui` with `extension` loaded and a session started, its startup notifications taken. */
export async function startTuiHost(
  extension: (pi: never) => void | Promise<void>,
  options: Omit<FakePiHostOptions, 'mode'> = {},
): Promise<FakePiHost> {
  const { createFakePiHost } = await import('../fake-host/fake-host.js');
  const host = createFakePiHost({ ...options, mode: 'tui' });
  await host.load(extension);
  await host.startSession('startup');
  host.takeNotifications();
  return host;
}

/** The chat lines of every saved entry of `customType` on the current session, as its entry renderer draws them. */
export function drawnEntryLines(host: FakePiHost, customType: string, width = 80): string[] {
  const renderer = host.entryRenderers.get(customType);
  if (renderer === undefined) throw new Error(`no entry renderer for ${customType}`);
  return host.session.customEntries(customType).flatMap((entry) => {
    const component = renderer(entry, { expanded: false }, PLAIN_THEME as never) as DrawnComponent | undefined;
    return component?.render(width) ?? [];
  });
}

/** The lines a component widget draws at `width`; none when the widget is not set. */
export function drawnWidget(host: FakePiHost, key: string, width = 80): string[] {
  const factory = host.widgets.get(key) as ((tui: unknown, theme: unknown) => DrawnComponent) | undefined;
  return factory === undefined ? [] : factory(undefined, PLAIN_THEME).render(width);
}
