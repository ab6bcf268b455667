import type { CellColour, StyledRun } from '@j1nn0/pi-real-hosts/terminal';

// The terminal the pictures pretend to be: Pi 1.6.0 paints with the 16-colour palette and the
// default colours, so what they look like is the terminal's scheme. This one is dark, with the
// hues of Pi's own dark theme (the 24-bit colours Pi 0.73/0.84 paint with).

export interface TerminalColours {
  readonly background: string;
  readonly foreground: string;
  /** Palette entries 0-15. */
  readonly ansi: readonly string[];
}

export const DEMO_COLOURS: TerminalColours = Object.freeze({
  background: '#1d1f21',
  foreground: '#c5c8c6',
  ansi: Object.freeze([
    '#1d1f21', '#cc6666', '#b5bd68', '#f0c674', '#81a2be', '#b294bb', '#8abeb7', '#c5c8c6',
    '#969896', '#d54e53', '#b9ca4a', '#e7c547', '#7aa6da', '#c397d8', '#70c0b1', '#eaeaea',
  ]),
});

/** How far a dim cell's colour moves toward the background, as terminals draw SGR 2. */
const DIM_MIX = 0.45;
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

function hex(red: number, green: number, blue: number): string {
  return `#${[red, green, blue].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

function channels(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Palette entry 0-255: the scheme's 16, then xterm's 6x6x6 cube and its 24 greys. */
export function paletteColour(index: number, colours: TerminalColours = DEMO_COLOURS): string {
  if (index < 16) return colours.ansi[index] ?? colours.foreground;
  if (index < 232) {
    const cube = index - 16;
    const level = (step: number): number => CUBE_LEVELS[step] ?? 0;
    return hex(level(Math.floor(cube / 36)), level(Math.floor(cube / 6) % 6), level(cube % 6));
  }
  const grey = 8 + 10 * (index - 232);
  return hex(grey, grey, grey);
}

function resolve(colour: CellColour, fallback: string, colours: TerminalColours): string {
  if (colour === 'default') return fallback;
  if (colour.startsWith('palette:')) return paletteColour(Number(colour.slice('palette:'.length)), colours);
  return colour;
}

function mix(from: string, toward: string, amount: number): string {
  const [r1, g1, b1] = channels(from);
  const [r2, g2, b2] = channels(toward);
  return hex(r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount);
}

/** The colours a run is drawn in: defaults resolved, inverse swapped, dim blended toward the background. */
export function runColours(run: StyledRun, colours: TerminalColours = DEMO_COLOURS): { readonly fg: string; readonly bg: string } {
  const fg = resolve(run.fg, colours.foreground, colours);
  const bg = resolve(run.bg, colours.background, colours);
  const [text, back] = run.inverse ? [bg, fg] : [fg, bg];
  return { fg: run.dim ? mix(text, back, DIM_MIX) : text, bg: back };
}
