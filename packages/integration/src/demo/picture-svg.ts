import type { PiTerminal, StyledRun } from '@j1nn0/pi-real-hosts/terminal';
import { DEMO_COLOURS, runColours, type TerminalColours } from './terminal-colours.js';

/** What one picture shows: the terminal's visible rows as styled runs, and the words around them. */
export interface ScreenPicture {
  /** The window's title bar. */
  readonly title: string;
  /** What the picture shows, for a reader who cannot see it (the SVG's title, the README's alt text). */
  readonly description: string;
  readonly cols: number;
  readonly rows: readonly (readonly StyledRun[])[];
}

/** The time a picture shows for every time of day on screen (the panel rows'): a run happens at its own time. */
export const PICTURE_TIME = '09:41';

/**
 * The screen as Pi left it, every cell's colours and weight as the emulator holds them, except that each
 * time the panel shows reads PICTURE_TIME (as wide as any time of the day), so a picture does not depend
 * on when it was drawn.
 */
export function pictureOf(terminal: PiTerminal, title: string, description: string): ScreenPicture {
  // A panel row's time (`  ◐ 13:17 docs: …`), alone in its run or beside a mark of the same colour.
  const rows = terminal.styledScreen().map((row) => row.map((run) => ({ ...run, text: run.text.replace(/\b\d\d:\d\d\b/gu, PICTURE_TIME) })));
  return { title, description, cols: terminal.cols, rows };
}

// A terminal window drawn from the screen's cells: one rectangle per run with a background of its
// own, one <text> per run of visible characters, each stretched to exactly its cells so the grid
// holds whatever monospace font the viewer has.

const FONT_SIZE = 15;
const CELL_WIDTH = 9;
const ROW_HEIGHT = 19;
/** From a row's top to the text's baseline. */
const BASELINE = 14;
const PADDING = 16;
const TITLE_BAR = 30;
const FONT_FAMILY = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";
const WINDOW_EDGE = '#3a3d40';
const TITLE_BAR_FILL = '#2b2d30';
const TITLE_FILL = '#9a9d9b';
const BUTTONS = ['#ff5f57', '#febc2e', '#28c840'] as const;

function escapeXml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');
}

function attributes(values: Readonly<Record<string, string | number | undefined>>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? value : escapeXml(value)}"`)
    .join('');
}

/** Cells each run covers: up to the next run's column (a wide character takes two), the last to the edge. */
function runCells(runs: readonly StyledRun[], cols: number): number[] {
  return runs.map((run, index) => (runs[index + 1]?.column ?? cols) - run.column);
}

function rowElements(runs: readonly StyledRun[], row: number, picture: ScreenPicture, colours: TerminalColours): { backs: string[]; texts: string[] } {
  const top = TITLE_BAR + PADDING + row * ROW_HEIGHT;
  const cells = runCells(runs, picture.cols);
  const backs: string[] = [];
  const texts: string[] = [];
  runs.forEach((run, index) => {
    const width = cells[index] ?? 0;
    const { fg, bg } = runColours(run, colours);
    const left = PADDING + run.column * CELL_WIDTH;
    if (bg !== colours.background) {
      backs.push(`<rect${attributes({ x: left, y: top, width: width * CELL_WIDTH, height: ROW_HEIGHT, fill: bg })}/>`);
    }
    // Blanks at either end are left out; the text is placed and stretched over the cells it covers.
    const leading = run.text.length - run.text.trimStart().length;
    const trailing = run.text.length - run.text.trimEnd().length;
    const shown = run.text.trim();
    if (shown === '') return;
    const shownCells = width - leading - trailing;
    texts.push(
      `<text${attributes({
        x: left + leading * CELL_WIDTH,
        y: top + BASELINE,
        textLength: shownCells * CELL_WIDTH,
        lengthAdjust: 'spacingAndGlyphs',
        fill: fg,
        'font-weight': run.bold ? 'bold' : undefined,
        'font-style': run.italic ? 'italic' : undefined,
        'text-decoration': run.underline ? 'underline' : undefined,
      })}>${escapeXml(shown)}</text>`,
    );
  });
  return { backs, texts };
}

/** The picture as an SVG document: the same screen gives the same text, byte for byte. */
export function renderPictureSvg(picture: ScreenPicture, colours: TerminalColours = DEMO_COLOURS): string {
  const width = PADDING * 2 + picture.cols * CELL_WIDTH;
  const height = TITLE_BAR + PADDING * 2 + picture.rows.length * ROW_HEIGHT;
  const rows = picture.rows.map((runs, row) => rowElements(runs, row, picture, colours));
  const buttons = BUTTONS.map((fill, index) => `<circle${attributes({ cx: 20 + index * 20, cy: TITLE_BAR / 2, r: 6, fill })}/>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${attributes({ width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': picture.description })}>`,
    `<title>${escapeXml(picture.description)}</title>`,
    `<rect${attributes({ x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 8, fill: colours.background, stroke: WINDOW_EDGE })}/>`,
    `<path${attributes({ d: `M0.5 ${TITLE_BAR} V8.5 A8 8 0 0 1 8.5 0.5 H${width - 8.5} A8 8 0 0 1 ${width - 0.5} 8.5 V${TITLE_BAR} Z`, fill: TITLE_BAR_FILL })}/>`,
    ...buttons,
    `<text${attributes({ x: width / 2, y: TITLE_BAR / 2 + 5, 'text-anchor': 'middle', 'font-family': FONT_FAMILY, 'font-size': 13, fill: TITLE_FILL })}>${escapeXml(picture.title)}</text>`,
    `<g${attributes({ 'font-family': FONT_FAMILY, 'font-size': FONT_SIZE, 'xml:space': 'preserve' })}>`,
    ...rows.flatMap((row) => row.backs),
    ...rows.flatMap((row) => row.texts),
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
