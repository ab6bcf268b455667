import { WORK_ITEM_STATUSES, type WorkItem, type WorkItemStatus } from '@j1nn0/agent-state';
import { displayWidth, plainText, PLAIN_THEME, styledLinesComponent } from '@j1nn0/pi-adapter-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANEL_MAX_LINES, PANEL_PRIORITY, PANEL_TOGGLE_KEY, STATUS_MARKS, panelLines, selectPanelItems } from '../../src/ui/panel.js';
import { EXAMPLE_STATE, snapshotOf } from '../snapshots.js';

const textOf = (input: Parameters<typeof snapshotOf>[0], collapsed = false): string[] =>
  panelLines(snapshotOf(input), { collapsed }).map(plainText);

const many = (count: number, status: 'open' | 'done' = 'open') =>
  Array.from({ length: count }, (_, index) => ({ id: `w${index + 1}`, content: `Item ${index + 1}`, status }));

describe('the state panel', () => {
  it('is absent for an empty state', () => {
    expect(panelLines(snapshotOf())).toEqual([]);
  });

  it('shows the objective, then the work items that are not done, in insertion order', () => {
    expect(textOf(EXAMPLE_STATE)).toEqual([
      'Agent State · 1/3 done · Ship the parser',
      '  ◐ format: Format the status',
      '  ○ docs: Write the README',
    ]);
  });

  it('says when there is no objective, and shows a state of decisions only', () => {
    expect(textOf({ decisions: [{ id: 'd1', content: 'D' }] })).toEqual(['Agent State · no objective']);
  });

  it('puts in_progress, then blocked, then open items first when not all fit: the scene of issue 22', () => {
    // 24 items, w1 done, w20 in_progress, w22 blocked: before, the panel showed w2..w5 and hid both.
    const workItems = many(24).map((item) => ({
      ...item,
      status: ({ w1: 'done', w20: 'in_progress', w22: 'blocked' } as Record<string, WorkItemStatus>)[item.id] ?? item.status,
    }));
    expect(textOf({ objective: 'Ship it', workItems })).toEqual([
      'Agent State · 1/24 done · Ship it',
      '  +19 not shown: 19 open',
      '  ◐ w20: Item 20',
      '  ⊘ w22: Item 22',
      '  ○ w2: Item 2',
      '  ○ w3: Item 3',
    ]);
  });

  it('counts every left-out status in the order status lists them, leaving out zeros, right under the headline', () => {
    const workItems = [
      ...many(5).map((item) => ({ ...item, id: `p${item.id}`, status: 'in_progress' as const })),
      ...many(2).map((item) => ({ ...item, id: `b${item.id}`, status: 'blocked' as const })),
      ...many(3),
    ];
    expect(textOf({ workItems })[1]).toBe('  +6 not shown: 3 open, 1 in_progress, 2 blocked');
  });

  it('collapses to one line of counts that names the key, with no recorded text', () => {
    const workItems = [
      { id: 'a', content: 'A', status: 'done' as const },
      { id: 'b', content: 'B', status: 'in_progress' as const },
      { id: 'c', content: 'C', status: 'in_progress' as const },
      { id: 'd', content: 'D', status: 'blocked' as const },
      { id: 'e', content: 'E' },
    ];
    expect(textOf({ objective: 'A long objective', workItems }, true)).toEqual([
      `Agent State · 1/5 done · 2 in_progress, 1 blocked · ${PANEL_TOGGLE_KEY} expands`,
    ]);
    expect(textOf({ workItems: many(2) }, true)).toEqual([`Agent State · 0/2 done · ${PANEL_TOGGLE_KEY} expands`]);
    expect(textOf({ objective: 'Only this' }, true)).toEqual([`Agent State · no work items · ${PANEL_TOGGLE_KEY} expands`]);
    expect(textOf({}, true)).toEqual([]);
  });

  it('fits the collapsed line with all statuses at their widest in 80 columns', () => {
    const line = textOf(
      {
        workItems: WORK_ITEM_STATUSES.flatMap((status) => many(50).map((item) => ({ ...item, id: `${status}-${item.id}`, status }))),
      },
      true,
    )[0];
    expect(line).toBe(`Agent State · 50/200 done · 50 in_progress, 50 blocked · ${PANEL_TOGGLE_KEY} expands`);
    expect(displayWidth(line ?? '')).toBeLessThanOrEqual(80);
  });

  it('escapes recorded text', () => {
    const lines = textOf({ objective: 'evil \u001b[2J\nnext', workItems: [{ id: 'x', content: 'bidi \u202e' }] });
    for (const unsafe of ['\u001b', '\n', '\u202e']) {
      expect(lines.join('')).not.toContain(unsafe);
    }
    expect(lines[0]).toContain('evil \\u001b[2J\\nnext');
  });

  it('keeps the count whole at 80 columns and cuts a long objective instead, with …', () => {
    const objective = 'Migrate the whole reporting subsystem from the legacy XML pipeline to the new streaming exporter';
    const [headline = ''] = styledLinesComponent(() => panelLines(snapshotOf({ objective, workItems: many(7).map((item, index) => (index === 0 ? { ...item, status: 'done' as const } : item)) })), PLAIN_THEME).render(80);
    expect(headline.startsWith('Agent State · 1/7 done · Migrate the whole')).toBe(true);
    expect(headline.endsWith('…')).toBe(true);
    expect(displayWidth(headline)).toBeLessThanOrEqual(80);
  });

  it("gives a row's status and age 8 columns, the model's mark after the id, and the item's text the rest", () => {
    const now = new Date('2026-12-04T15:00:00');
    const since = new Map([['lat1', new Date('2026-12-04T13:17:00').toISOString()]]);
    const lines = panelLines(snapshotOf({ workItems: [{ id: 'lat1', content: 'Measure the latency', status: 'in_progress' }] }), { since, declared: new Map([['lat1', 'model']]), now }).map(plainText);
    expect(lines[1]).toBe(`  ${STATUS_MARKS.in_progress} 13:17 lat1 (model): Measure the latency`);
    expect(lines[1]?.indexOf('lat1')).toBe(10);
  });

  it('counts in its headline how many done items the model declared', () => {
    const workItems = many(3).map((item) => ({ ...item, status: 'done' as const }));
    expect(textOf({ workItems }).length).toBe(1);
    const lines = panelLines(snapshotOf({ workItems: [...workItems, { id: 'x', content: 'X' }] }), { declared: new Map([['w1', 'model'], ['w2', 'model']]) }).map(plainText);
    expect(lines[0]).toBe('Agent State · 3/4 done (2 by model) · no objective');
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

const statusArbitrary = fc.constantFrom<WorkItemStatus>(...WORK_ITEM_STATUSES);
const workItemsArbitrary = fc
  .array(statusArbitrary, { maxLength: 40 })
  .map((statuses): WorkItem[] => statuses.map((status, index) => ({ id: `w${index + 1}`, content: `Item ${index + 1}`, status })));
const rowsArbitrary = fc.integer({ min: 1, max: 8 });

describe('which items the panel lists', () => {
  it('lists every unfinished item in insertion order when they fit, and no done item', () => {
    fc.assert(
      fc.property(workItemsArbitrary, rowsArbitrary, (workItems, rows) => {
        const pending = workItems.filter((item) => item.status !== 'done');
        fc.pre(pending.length <= rows);
        expect(selectPanelItems(workItems, rows)).toEqual({ shown: pending, omitted: [] });
      }),
    );
  });

  it('is a stable partition by status when they do not fit: shown then omitted is each status group in insertion order', () => {
    fc.assert(
      fc.property(workItemsArbitrary, rowsArbitrary, (workItems, rows) => {
        const { shown, omitted } = selectPanelItems(workItems, rows);
        const pending = workItems.filter((item) => item.status !== 'done');
        fc.pre(pending.length > rows);
        const ranked = PANEL_PRIORITY.flatMap((status) => pending.filter((item) => item.status === status));
        expect([...shown, ...omitted]).toEqual(ranked);
        // One row is the "+N more" line.
        expect(shown).toHaveLength(rows - 1);
      }),
    );
  });

  it('shows nothing twice, never a done item, and shown plus omitted count every unfinished item', () => {
    fc.assert(
      fc.property(workItemsArbitrary, rowsArbitrary, (workItems, rows) => {
        const { shown, omitted } = selectPanelItems(workItems, rows);
        const ids = [...shown, ...omitted].map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...shown, ...omitted].some((item) => item.status === 'done')).toBe(false);
        expect(ids.length).toBe(workItems.filter((item) => item.status !== 'done').length);
        expect(shown.length).toBeLessThanOrEqual(rows);
      }),
    );
  });

  it('says under its headline how many of each status it left out, and those add up to N', () => {
    fc.assert(
      fc.property(workItemsArbitrary, (workItems) => {
        const lines = panelLines(snapshotOf({ objective: 'O', workItems })).map(plainText);
        expect(lines.length).toBeLessThanOrEqual(PANEL_MAX_LINES);
        const marks = new Set(Object.values(STATUS_MARKS));
        const listed = lines.filter((line) => marks.has(line.slice(2, 3)));
        const more = /^ {2}\+(\d+) not shown: (.+)$/u.exec(lines[1] ?? '');
        const pending = workItems.filter((item) => item.status !== 'done');
        if (more === null) {
          expect(listed).toHaveLength(pending.length);
          return;
        }
        const counted = (more[2] ?? '').split(', ').map((part) => {
          const [count = '', status = ''] = part.split(' ');
          return { status, count: Number(count) };
        });
        expect(counted.reduce((sum, part) => sum + part.count, 0)).toBe(Number(more[1]));
        expect(listed.length + Number(more[1])).toBe(pending.length);
        for (const { status, count } of counted) {
          const inPanel = listed.filter((line) => line.startsWith(`  ${STATUS_MARKS[status as WorkItemStatus]} `)).length;
          expect(inPanel + count).toBe(pending.filter((item) => item.status === status).length);
        }
      }),
    );
  });
});
