import type { IBuffer, IBufferCell, IBufferLine } from '@xterm/headless';

/** A cell colour as text: `default`, `palette:<0-255>` or `#rrggbb`. */
export type CellColour = string;

/** A run of neighbouring cells with the same colours and weight. */
export interface StyledRun {
  /** Column of the run's first cell. */
  readonly column: number;
  readonly text: string;
  readonly fg: CellColour;
  readonly bg: CellColour;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  /** Foreground and background swapped (SGR 7), as a cursor or a selection is drawn. */
  readonly inverse: boolean;
}

type CellStyle = Omit<StyledRun, 'column' | 'text'>;

/** Describes a cell's foreground colour so two cells can be compared with `===`. */
function foregroundOf(cell: IBufferCell): CellColour {
  if (cell.isFgRGB()) return `#${cell.getFgColor().toString(16).padStart(6, '0')}`;
  if (cell.isFgPalette()) return `palette:${cell.getFgColor()}`;
  return 'default';
}

/** Describes a cell's background colour the same way (Pi 0.73/0.84 draw tool rows on a tinted box). */
function backgroundOf(cell: IBufferCell): CellColour {
  if (cell.isBgRGB()) return `#${cell.getBgColor().toString(16).padStart(6, '0')}`;
  if (cell.isBgPalette()) return `palette:${cell.getBgColor()}`;
  return 'default';
}

/** The visible rows of a buffer, right-trimmed (the viewport, not the scrollback). */
export function visibleLines(buffer: IBuffer, rows: number): string[] {
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    // trimEnd as well: cells Pi filled with spaces (a background colour) are not trimmed by xterm.
    lines.push((buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '').trimEnd());
  }
  return lines;
}

/**
 * Splits columns [startColumn, endColumn) of a line into runs of equal style. Wide characters
 * occupy two cells; the second (width 0) is skipped so the text reads as typed.
 */
export function styledRuns(line: IBufferLine, startColumn = 0, endColumn = line.length): StyledRun[] {
  return trimTrailingBlankRun(allStyledRuns(line, startColumn, endColumn));
}

/**
 * The same runs, trailing blank cells kept: they carry a background or an inverse cursor that a
 * picture of the screen draws out to the terminal's edge.
 */
export function allStyledRuns(line: IBufferLine, startColumn = 0, endColumn = line.length): StyledRun[] {
  const runs: StyledRun[] = [];
  let current: { column: number; text: string; style: CellStyle } | undefined;
  for (let column = startColumn; column < Math.min(endColumn, line.length); column++) {
    const cell = line.getCell(column);
    if (cell === undefined || cell.getWidth() === 0) continue;
    const style = styleOf(cell);
    const text = cell.getChars() === '' ? ' ' : cell.getChars();
    if (current !== undefined && sameStyle(current.style, style)) {
      current.text += text;
    } else {
      if (current !== undefined) runs.push({ column: current.column, text: current.text, ...current.style });
      current = { column, text, style };
    }
  }
  if (current !== undefined) runs.push({ column: current.column, text: current.text, ...current.style });
  return runs;
}

function styleOf(cell: IBufferCell): CellStyle {
  return {
    fg: foregroundOf(cell),
    bg: backgroundOf(cell),
    bold: cell.isBold() !== 0,
    dim: cell.isDim() !== 0,
    italic: cell.isItalic() !== 0,
    underline: cell.isUnderline() !== 0,
    inverse: cell.isInverse() !== 0,
  };
}

function sameStyle(a: CellStyle, b: CellStyle): boolean {
  return a.fg === b.fg && a.bg === b.bg && a.bold === b.bold && a.dim === b.dim && a.italic === b.italic && a.underline === b.underline && a.inverse === b.inverse;
}

// A right-trimmed screen line has no trailing blanks; the runs of the same row should not either
// (a trailing run of blanks on a coloured background is dropped too, as the screen line drops it).
function trimTrailingBlankRun(runs: StyledRun[]): StyledRun[] {
  const last = runs.at(-1);
  if (last === undefined) return runs;
  const text = last.text.trimEnd();
  if (text === last.text) return runs;
  return text === '' ? trimTrailingBlankRun(runs.slice(0, -1)) : [...runs.slice(0, -1), { ...last, text }];
}
