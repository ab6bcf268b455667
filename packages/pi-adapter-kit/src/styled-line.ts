import { ELLIPSIS, displayWidth, takeWidth } from './display-width.js';
import type { PiComponentPort, PiThemeColor, PiThemePort } from './port.js';

// A line is built as plain segments, cut to the width on its plain text, and only then painted:
// theme colours add escape sequences that must never be cut in half or counted as cells.

export interface LineSegment {
  readonly text: string;
  readonly color?: PiThemeColor;
  readonly bold?: boolean;
}

export type StyledLine = readonly LineSegment[];

export function segment(text: string, color?: PiThemeColor, bold = false): LineSegment {
  return { text, ...(color === undefined ? {} : { color }), ...(bold ? { bold } : {}) };
}

export function plainText(line: StyledLine): string {
  return line.map((part) => part.text).join('');
}

/** The line cut to `width` cells; the segment where it is cut ends in `…` and keeps its colour. */
export function fitLine(line: StyledLine, width: number): StyledLine {
  if (displayWidth(plainText(line)) <= width) {
    return line;
  }
  if (width <= 0) {
    return [];
  }
  // Something is cut, so one cell stays free for the ellipsis.
  const fitted: LineSegment[] = [];
  let room = width - 1;
  for (const part of line) {
    const cells = displayWidth(part.text);
    if (cells <= room) {
      fitted.push(part);
      room -= cells;
      continue;
    }
    fitted.push({ ...part, text: `${takeWidth(part.text, room)}${ELLIPSIS}` });
    break;
  }
  return fitted;
}

export function paintLine(line: StyledLine, theme: PiThemePort): string {
  return line
    .map((part) => {
      const bold = part.bold === true ? theme.bold(part.text) : part.text;
      return part.color === undefined ? bold : theme.fg(part.color, bold);
    })
    .join('');
}

/**
 * A component that draws `lines()` fitted to whatever width Pi gives it. Plain object, no Pi class:
 * the same object works in every Pi version's TUI and in its HTML export.
 */
export function styledLinesComponent(lines: () => readonly StyledLine[], theme: PiThemePort): PiComponentPort {
  return {
    render: (width) => lines().map((line) => paintLine(fitLine(line, Math.max(0, width)), theme)),
    invalidate: () => undefined,
  };
}

/** A theme that paints nothing: for plain-text captures, READMEs and tests. */
export const PLAIN_THEME: PiThemePort = {
  fg: (_color, text) => text,
  bold: (text) => text,
};
