import type { PiTerminal, StyledRun } from '@j1nn0/pi-real-hosts/terminal';

/** What one picture shows: the terminal's visible rows as styled runs, and the words around them. */
export interface ScreenPicture {
  /** The window's title bar. */
  readonly title: string;
  /** What the picture shows, for a reader who cannot see it (the SVG's title, the README's alt text). */
  readonly description: string;
  readonly cols: number;
  readonly rows: readonly (readonly StyledRun[])[];
}

/** The time a picture shows for every `since <time>` of the panel: a run happens at its own time of day. */
export const PICTURE_TIME = '09:41';

/**
 * The screen as Pi left it, every cell's colours and weight as the emulator holds them, except that each
 * time the panel shows reads PICTURE_TIME (as wide as any time of the day), so a picture does not depend
 * on when it was drawn.
 */
export function pictureOf(terminal: PiTerminal, title: string, description: string): ScreenPicture {
  const rows = terminal.styledScreen().map((row) => row.map((run) => ({ ...run, text: run.text.replace(/ since \d\d:\d\d\]/gu, ` since ${PICTURE_TIME}]`) })));
  return { title, description, cols: terminal.cols, rows };
}
