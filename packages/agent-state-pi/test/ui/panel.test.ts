import { displayWidth, plainText, PLAIN_THEME, styledLinesComponent } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { PANEL_MAX_LINES, panelLines } from '../../src/ui/panel.js';
import { EXAMPLE_STATE, snapshotOf } from '../snapshots.js';

const textOf = (input: Parameters<typeof snapshotOf>[0]): string[] => panelLines(snapshotOf(input)).map(plainText);

const many = (count: number, status: 'open' | 'done' = 'open') =>
  Array.from({ length: count }, (_, index) => ({ id: `w${index + 1}`, content: `Item ${index + 1}`, status }));

describe('the state panel', () => {
  it('is absent for an empty state', () => {
    expect(panelLines(snapshotOf())).toEqual([]);
  });

  it('shows the objective, then the work items that are not done, in insertion order', () => {
    expect(textOf(EXAMPLE_STATE)).toEqual([
      'Agent State · Ship the parser · 1/3 done',
      '  [in_progress] format: Format the status',
      '  [open] docs: Write the README',
    ]);
  });

  it('says when there is no objective, and shows a state of decisions only', () => {
    expect(textOf({ decisions: [{ id: 'd1', content: 'D' }] })).toEqual(['Agent State · no objective']);
  });

  it('never sorts: a blocked item after an open one stays after it', () => {
    const lines = textOf({
      workItems: [
        { id: 'b', content: 'B', status: 'open' },
        { id: 'a', content: 'A', status: 'blocked' },
      ],
    });
    expect(lines.slice(1)).toEqual(['  [open] b: B', '  [blocked] a: A']);
  });

  it(`keeps to ${PANEL_MAX_LINES} lines, ending in +N more`, () => {
    expect(textOf({ workItems: many(5) })).toHaveLength(6);
    const lines = textOf({ workItems: [...many(3, 'done'), ...many(9).map((item) => ({ ...item, id: `o${item.id}` }))] });
    expect(lines).toHaveLength(PANEL_MAX_LINES);
    expect(lines.at(-2)).toBe('  [open] ow4: Item 4');
    expect(lines.at(-1)).toBe('  +5 more not done');
  });

  it('escapes recorded text', () => {
    const lines = textOf({ objective: 'evil \u001b[2J\nnext', workItems: [{ id: 'x', content: 'bidi \u202e' }] });
    for (const unsafe of ['\u001b', '\n', '\u202e']) {
      expect(lines.join('')).not.toContain(unsafe);
    }
    expect(lines[0]).toContain('evil \\u001b[2J\\nnext');
  });

  it('draws no line wider than the terminal, wide characters and emoji included', () => {
    const component = styledLinesComponent(
      () => panelLines(snapshotOf({ objective: '解析器を書く🚀'.repeat(20), workItems: [{ id: '🚀', content: '表'.repeat(99) }] })),
      PLAIN_THEME,
    );
    for (const width of [20, 80, 160]) {
      for (const line of component.render(width)) {
        expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }
    }
  });
});
