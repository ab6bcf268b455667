import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INTERNAL_FAILURE,
  USAGE,
  formatClearPreview,
  formatNoChange,
  formatPanelVisibility,
  formatRejection,
  formatStatus,
  formatUnreadableEntry,
} from '../src/format.js';
import type { Rejection } from '../src/mutations.js';
import { AUTHORITY_BOUNDARY } from '../src/tools.js';
import { EMPTY_STATUS, EXAMPLE_STATE, snapshotOf } from './snapshots.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The page the README links for what sessions keep. */
const sessionsPage = readFileSync(new URL('../docs/sessions.md', import.meta.url), 'utf8');

const rejections: Rejection[] = [
  { code: 'invalid_id' },
  { code: 'invalid_content' },
  { code: 'invalid_objective' },
  { code: 'invalid_status' },
  { code: 'work_item_limit' },
  { code: 'decision_limit' },
  { code: 'invalid_input' },
];

describe('README', () => {
  it('shows the status format verbatim', () => {
    expect(readme).toContain(EMPTY_STATUS);
    expect(readme).toContain(formatStatus(snapshotOf(EXAMPLE_STATE)));
  });

  it('shows the usage line, the clear preview and the fixed messages verbatim', () => {
    expect(readme).toContain(USAGE);
    expect(readme).toContain(formatClearPreview(snapshotOf(EXAMPLE_STATE)));
    expect(readme).toContain(formatNoChange({ reason: 'already_empty' }));
    expect(readme).toContain(formatNoChange({ reason: 'same_objective' }));
    expect(readme).toContain(INTERNAL_FAILURE);
    for (const rejection of rejections) {
      expect(readme).toContain(formatRejection(rejection));
    }
  });

  it('shows every answer to panel on|off, on each surface', () => {
    for (const surface of ['terminal', 'client', 'none'] as const) {
      for (const visible of [true, false]) {
        for (const snapshot of [snapshotOf(), snapshotOf(EXAMPLE_STATE)]) {
          expect(readme).toContain(formatPanelVisibility(visible, surface, snapshot));
        }
      }
    }
  });

  it('quotes the authority boundary and the unreadable-state warning', () => {
    expect(readme.replace(/\s+/gu, ' ')).toContain(AUTHORITY_BOUNDARY);
    expect(sessionsPage).toContain(formatUnreadableEntry('missing_payload').replace('no payload', '<reason>'));
  });
});
