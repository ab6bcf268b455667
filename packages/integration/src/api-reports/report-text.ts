import { createTwoFilesPatch } from 'diff';

// What a checked-in report holds and how a stale one is shown: pure text functions.

const UNDOCUMENTED_LINE = /^\s*\/\/ \(undocumented\)\n/gmu;
const UNDOCUMENTED_SUFFIX = / \(undocumented\)$/gmu;

/**
 * API Extractor marks every declaration without a doc comment `(undocumented)`. The report guards
 * names and types, so those markers are dropped: writing a doc comment is not an API change.
 */
export function normalizeApiReport(text: string): string {
  return text.replace(/\r\n/gu, '\n').replace(UNDOCUMENTED_LINE, '').replace(UNDOCUMENTED_SUFFIX, '');
}

/** A unified diff from the checked-in report to the one the current declarations give. */
export function reportDiff(reportPath: string, checkedIn: string, current: string): string {
  return createTwoFilesPatch(
    `${reportPath} (checked in)`,
    `${reportPath} (from the current build)`,
    checkedIn,
    current,
    undefined,
    undefined,
    { context: 3 },
  );
}
