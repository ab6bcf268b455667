import { expect } from 'vitest';
import type { ContextGuardReport, ContextGuardSnapshot } from '../../src/index.js';

const ISSUE_PATTERN =
  /^(verifier_threw|verifier_returned_non_array|invalid_finding at finding \d+|unknown_finding_id at finding \d+|(unsupported_status|duplicate_finding) at finding \d+ for item \d+|missing_finding for item \d+)$/;

/** Checks every rule that must hold for any report on `snapshot`, whatever the verifier did. */
export function expectReportInvariants(report: ContextGuardReport, snapshot: ContextGuardSnapshot): void {
  const ids = snapshot.items.map((item) => item.id);
  expect(report.schemaVersion).toBe(1);
  expect(report.findings.map((finding) => finding.id)).toEqual(ids);
  expect(Object.keys(report)).toEqual([
    'schemaVersion',
    'ok',
    'findings',
    'preserved',
    'changed',
    'lost',
    'unknown',
    'criticalFailures',
    'issues',
  ]);
  for (const status of ['preserved', 'changed', 'lost', 'unknown'] as const) {
    const expected = report.findings.filter((finding) => finding.status === status).map((finding) => finding.id);
    expect(report[status]).toEqual(expected);
  }
  // The four lists partition the items: together they hold every id exactly once.
  expect(report.preserved.length + report.changed.length + report.lost.length + report.unknown.length).toBe(ids.length);
  const expectedCriticalFailures = snapshot.items
    .filter((item, index) => item.critical && report.findings[index]?.status !== 'preserved')
    .map((item) => item.id);
  expect(report.criticalFailures).toEqual(expectedCriticalFailures);
  const nothingWrong =
    report.changed.length === 0 && report.lost.length === 0 && report.unknown.length === 0 && report.issues.length === 0;
  expect(report.ok).toBe(nothingWrong);
  for (const issue of report.issues) {
    expect(issue).toMatch(ISSUE_PATTERN);
    const itemIndex = /for item (\d+)$/.exec(issue)?.[1];
    if (itemIndex !== undefined) {
      expect(Number(itemIndex)).toBeLessThan(ids.length);
    }
  }
}
