import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { isStartedScreen } from '../src/terminal/pi-terminal.js';
import { allStyledRuns, styledRuns, visibleLines } from '../src/terminal/screen.js';

const { Terminal } = xtermHeadless;

async function screenOf(text: string, cols = 20, rows = 4): Promise<InstanceType<typeof Terminal>> {
  const terminal = new Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((resolve) => {
    terminal.write(text, resolve);
  });
  return terminal;
}

function lineOf(terminal: InstanceType<typeof Terminal>, row: number) {
  const line = terminal.buffer.active.getLine(terminal.buffer.active.viewportY + row);
  if (line === undefined) throw new Error(`no row ${row}`);
  return line;
}

describe('visibleLines', () => {
  it('returns every visible row, right-trimmed, including blank ones', async () => {
    const terminal = await screenOf('one\r\n\r\n  three   ');
    expect(visibleLines(terminal.buffer.active, terminal.rows)).toEqual(['one', '', '  three', '']);
  });

  it('trims spaces written with a background colour too', async () => {
    const terminal = await screenOf('\x1b[48;5;4m text      \x1b[0m');
    expect(visibleLines(terminal.buffer.active, terminal.rows)[0]).toBe(' text');
  });

  it('shows the viewport, not the scrollback, once output scrolls', async () => {
    const terminal = await screenOf('a\r\nb\r\nc\r\nd\r\ne\r\nf', 20, 3);
    expect(visibleLines(terminal.buffer.active, terminal.rows)).toEqual(['d', 'e', 'f']);
  });
});

describe('styledRuns', () => {
  it('tells a truecolour, a palette and the default foreground apart', async () => {
    const terminal = await screenOf('\x1b[38;2;204;102;102mred\x1b[39m \x1b[38;5;2mgreen\x1b[39m plain');
    expect(styledRuns(lineOf(terminal, 0))).toEqual([
      { column: 0, text: 'red', fg: '#cc6666', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false },
      { column: 3, text: ' ', fg: 'default', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false },
      { column: 4, text: 'green', fg: 'palette:2', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false },
      { column: 9, text: ' plain', fg: 'default', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false },
    ]);
  });

  it('tells background colours apart', async () => {
    const terminal = await screenOf('\x1b[48;2;40;50;40mok\x1b[49m \x1b[48;5;52mno\x1b[0m');
    expect(styledRuns(lineOf(terminal, 0)).map((run) => [run.text, run.bg])).toEqual([
      ['ok', '#283228'],
      [' ', 'default'],
      ['no', 'palette:52'],
    ]);
  });

  it('splits runs on bold and dim, and reads a column range', async () => {
    const terminal = await screenOf('\x1b[1mB\x1b[22m\x1b[2md\x1b[22mn');
    expect(styledRuns(lineOf(terminal, 0)).map((run) => [run.text, run.bold, run.dim])).toEqual([
      ['B', true, false],
      ['d', false, true],
      ['n', false, false],
    ]);
    expect(styledRuns(lineOf(terminal, 0), 1, 2).map((run) => run.text)).toEqual(['d']);
  });

  it('reads a wide character once although it fills two cells', async () => {
    const terminal = await screenOf('\x1b[38;5;1m界x\x1b[0m');
    expect(styledRuns(lineOf(terminal, 0))).toEqual([{ column: 0, text: '界x', fg: 'palette:1', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false }]);
  });

  it('drops trailing blank cells like the right-trimmed screen line', async () => {
    const terminal = await screenOf('\x1b[38;5;3mab   \x1b[0m');
    expect(styledRuns(lineOf(terminal, 0))).toEqual([{ column: 0, text: 'ab', fg: 'palette:3', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false }]);
  });

  it('splits runs on italic, underline and inverse', async () => {
    const terminal = await screenOf('\x1b[3mi\x1b[23m\x1b[4mu\x1b[24m\x1b[7mv\x1b[27mn');
    expect(styledRuns(lineOf(terminal, 0)).map((run) => [run.text, run.italic, run.underline, run.inverse])).toEqual([
      ['i', true, false, false],
      ['u', false, true, false],
      ['v', false, false, true],
      ['n', false, false, false],
    ]);
  });
});

describe('allStyledRuns', () => {
  it('keeps the trailing blanks of a row, an inverse cursor cell and a coloured background among them', async () => {
    const terminal = await screenOf('ab\x1b[7m \x1b[27m  \x1b[48;5;4m  \x1b[0m', 8, 1);
    expect(allStyledRuns(lineOf(terminal, 0)).map((run) => [run.column, run.text, run.inverse, run.bg])).toEqual([
      [0, 'ab', false, 'default'],
      [2, ' ', true, 'default'],
      [3, '  ', false, 'default'],
      [5, '  ', false, 'palette:4'],
      [7, ' ', false, 'default'],
    ]);
    // The trimmed runs lose the cursor cell and the background with the blanks.
    expect(styledRuns(lineOf(terminal, 0)).map((run) => run.text)).toEqual(['ab']);
  });
});

describe('isStartedScreen', () => {
  it('accepts a screen with the editor rule or the project trust dialog', () => {
    expect(isStartedScreen(['warning', '─'.repeat(80), '', '─'.repeat(80)])).toBe(true);
    expect(isStartedScreen([' Trust project folder?', ' /tmp/x'])).toBe(true);
  });

  it('rejects a screen with start-up messages only', () => {
    expect(isStartedScreen(['fd not found. Offline mode enabled, skipping download.', ''])).toBe(false);
    expect(isStartedScreen(['text ──────────────── text'])).toBe(false);
  });
});
