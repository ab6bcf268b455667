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

/** The screen as Pi left it, every cell's colours and weight as the emulator holds them. */
export function pictureOf(terminal: PiTerminal, title: string, description: string): ScreenPicture {
  return { title, description, cols: terminal.cols, rows: terminal.styledScreen() };
}
