import { isStructuredData, readPlainArray, readPlainRecord } from './plain-data.js';
import { CONTEXT_FINDING_STATUSES } from './schema.js';
import type { ContextFindingStatus, ContextGuardIssueCode, ContextItem } from './types.js';

/** Each item's status, by item index, and the problems met on the way. */
export interface FindingResolution {
  readonly statuses: readonly ContextFindingStatus[];
  readonly issues: readonly string[];
}

/** Every item is `unknown`: used when the verifier's answer as a whole cannot be used. */
export function unresolvedFindings(itemCount: number, code: ContextGuardIssueCode): FindingResolution {
  return { statuses: Array.from({ length: itemCount }, () => 'unknown'), issues: [code] };
}

/**
 * Reads a verifier's output without trusting it. An item keeps the verifier's status only when
 * exactly one well-formed finding names it and that finding's status is supported; otherwise it is
 * `unknown`. Issues name findings and items by index, never by content.
 */
export function resolveFindings(items: readonly ContextItem[], output: unknown): FindingResolution {
  const elements = readFindingList(output);
  if (elements === undefined) {
    return unresolvedFindings(items.length, 'verifier_returned_non_array');
  }
  const itemIndexById = new Map(items.map((item, index) => [item.id, index]));
  const reportedStatuses = new Map<number, ContextFindingStatus | undefined>();
  const issues: string[] = [];

  elements.forEach((element, findingIndex) => {
    const finding = readFinding(element);
    if (finding === undefined) {
      issues.push(`invalid_finding at finding ${findingIndex}`);
      return;
    }
    const itemIndex = itemIndexById.get(finding.id);
    if (itemIndex === undefined) {
      issues.push(`unknown_finding_id at finding ${findingIndex}`);
      return;
    }
    const where = `at finding ${findingIndex} for item ${itemIndex}`;
    const status = isFindingStatus(finding.status) ? finding.status : undefined;
    if (status === undefined) {
      issues.push(`unsupported_status ${where}`);
    }
    if (reportedStatuses.has(itemIndex)) {
      issues.push(`duplicate_finding ${where}`);
      // A second finding for an item makes every finding for it untrustworthy.
      reportedStatuses.set(itemIndex, undefined);
    } else {
      reportedStatuses.set(itemIndex, status);
    }
  });

  const statuses = items.map((_item, itemIndex): ContextFindingStatus => {
    if (!reportedStatuses.has(itemIndex)) {
      issues.push(`missing_finding for item ${itemIndex}`);
    }
    return reportedStatuses.get(itemIndex) ?? 'unknown';
  });
  return { statuses, issues };
}

/** The elements of a genuine array; `undefined` for anything else, including a Proxy of an array. */
function readFindingList(output: unknown): readonly unknown[] | undefined {
  const elements = readPlainArray(output);
  if (elements === undefined || isStructuredData(output)) {
    return elements;
  }
  // Cloning fails for a Proxy array or for a bad element; only the latter is worth reading further.
  return elements.every(isStructuredData) ? undefined : elements;
}

/** A finding is a plain-data object with a string `id`; extra keys are ignored, `status` is checked later. */
function readFinding(element: unknown): { readonly id: string; readonly status: unknown } | undefined {
  if (!isStructuredData(element)) {
    return undefined;
  }
  const fields = readPlainRecord(element);
  const id = fields?.get('id');
  if (fields === undefined || typeof id !== 'string') {
    return undefined;
  }
  return { id, status: fields.get('status') };
}

function isFindingStatus(value: unknown): value is ContextFindingStatus {
  return (CONTEXT_FINDING_STATUSES as readonly unknown[]).includes(value);
}
