import xtermHeadless, { type IBufferLine } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { keySequence, type KeyName } from '../src/terminal/keys.js';
import { isStartedScreen } from '../src/terminal/pi-terminal.js';
import { allStyledRuns, styledRuns, visibleLines, type StyledRun } from '../src/terminal/screen.js';
import { screenMatches } from '../src/terminal/wait.js';

// The terminal harness without a terminal: the headless screen as lines and styled runs, the bytes of
// each key, and what a wait matches. Bounded polling and the failure message with every row of the
// screen are what pi-terminal.test.ts shows with stand-in CLIs.

const { Terminal } = xtermHeadless;

async function screenOf(text: string, cols = 20, rows = 4): Promise<InstanceType<typeof Terminal>> {
  const terminal = new Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((resolve) => {
    terminal.write(text, resolve);
  });
  return terminal;
}

async function firstRow(text: string, cols = 20): Promise<IBufferLine> {
  const terminal = await screenOf(text, cols, 1);
  const line = terminal.buffer.active.getLine(terminal.buffer.active.viewportY);
  if (line === undefined) throw new Error('no first row');
  return line;
}

const plain: Omit<StyledRun, 'column' | 'text'> = { fg: 'default', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false };

describe('the screen', () => {
  it('is every visible row, right-trimmed (spaces with a background too), blank ones included, the viewport and not the scrollback', async () => {
    const terminal = await screenOf('one\r\n\r\n  three   \x1b[48;5;4m    \x1b[0m');
    expect(visibleLines(terminal.buffer.active, terminal.rows)).toEqual(['one', '', '  three', '']);
    const scrolled = await screenOf('a\r\nb\r\nc\r\nd\r\ne\r\nf', 20, 3);
    expect(visibleLines(scrolled.buffer.active, scrolled.rows)).toEqual(['d', 'e', 'f']);
  });

  it('splits a row into runs of one foreground, background, weight and style, a wide character read once', async () => {
    expect(styledRuns(await firstRow('\x1b[38;2;204;102;102mred\x1b[39m \x1b[38;5;2mgreen\x1b[39m plain'))).toEqual([
      { ...plain, column: 0, text: 'red', fg: '#cc6666' },
      { ...plain, column: 3, text: ' ' },
      { ...plain, column: 4, text: 'green', fg: 'palette:2' },
      { ...plain, column: 9, text: ' plain' },
    ]);
    expect(styledRuns(await firstRow('\x1b[48;2;40;50;40mok\x1b[49m \x1b[48;5;52mno\x1b[0m')).map((run) => [run.text, run.bg])).toEqual([
      ['ok', '#283228'],
      [' ', 'default'],
      ['no', 'palette:52'],
    ]);
    const styles = await firstRow('\x1b[1mB\x1b[22m\x1b[2md\x1b[22m\x1b[3mi\x1b[23m\x1b[4mu\x1b[24m\x1b[7mv\x1b[27mn');
    expect(styledRuns(styles).map(({ text, bold, dim, italic, underline, inverse }) => [text, bold, dim, italic, underline, inverse])).toEqual([
      ['B', true, false, false, false, false],
      ['d', false, true, false, false, false],
      ['i', false, false, true, false, false],
      ['u', false, false, false, true, false],
      ['v', false, false, false, false, true],
      ['n', false, false, false, false, false],
    ]);
    expect(styledRuns(styles, 1, 2).map((run) => run.text)).toEqual(['d']);
    expect(styledRuns(await firstRow('\x1b[38;5;1m界x\x1b[0m'))).toEqual([{ ...plain, column: 0, text: '界x', fg: 'palette:1' }]);
  });

  it('drops trailing blank cells like the trimmed line, unless the whole row is asked for: an inverse cursor cell and a background among them', async () => {
    const row = await firstRow('ab\x1b[7m \x1b[27m  \x1b[48;5;4m  \x1b[0m', 8);
    expect(styledRuns(row).map((run) => run.text)).toEqual(['ab']);
    expect(allStyledRuns(row).map((run) => [run.column, run.text, run.inverse, run.bg])).toEqual([
      [0, 'ab', false, 'default'],
      [2, ' ', true, 'default'],
      [3, '  ', false, 'default'],
      [5, '  ', false, 'palette:4'],
      [7, ' ', false, 'default'],
    ]);
  });

  it('counts as started with the editor rule or the project trust dialog, not with start-up messages', () => {
    expect(isStartedScreen(['warning', '─'.repeat(80), '', '─'.repeat(80)])).toBe(true);
    expect(isStartedScreen([' Trust project folder?', ' /tmp/x'])).toBe(true);
    expect(isStartedScreen(['fd not found. Offline mode enabled, skipping download.', ''])).toBe(false);
    expect(isStartedScreen(['text ──────────────── text'])).toBe(false);
  });
});

describe('keys', () => {
  it('are the bytes a legacy xterm sends', () => {
    const keys: KeyName[] = ['enter', 'escape', 'tab', 'shift+tab', 'up', 'down', 'right', 'left', 'ctrl+a', 'ctrl+c', 'ctrl+o', 'ctrl+z', 'alt+b'];
    expect(keys.map(keySequence)).toEqual(['\r', '\x1b', '\t', '\x1b[Z', '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x01', '\x03', '\x0f', '\x1a', '\x1bb']);
  });

  it('refuses a key name it does not know', () => {
    expect(() => keySequence('ctrl+1' as KeyName)).toThrow(/unknown key name/u);
    expect(() => keySequence('hyper+x' as KeyName)).toThrow(/unknown key name/u);
  });
});

describe('screen waits', () => {
  it('match a substring or a pattern, a global pattern the same every time it is polled', () => {
    expect(['Scripted reply.', /reply\.$/u, 'other'].map((expected) => screenMatches('a Scripted reply.', expected))).toEqual([true, true, false]);
    const pattern = /reply/gu;
    expect([screenMatches('reply', pattern), screenMatches('reply', pattern)]).toEqual([true, true]);
  });
});
