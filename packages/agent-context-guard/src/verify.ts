import { resolveFindings, unresolvedFindings, type FindingResolution } from './findings.js';
import { CONTEXT_GUARD_SCHEMA_VERSION } from './schema.js';
import type {
  ContextFinding,
  ContextGuardReport,
  ContextItem,
  ContextVerifier,
  VerifyContextOptions,
} from './types.js';
import { parseContextGuardSnapshot, parseContextText, parseVerifier, readOption } from './validation.js';

/**
 * Asks `verifier` once which snapshot items `context` still holds and reports, fail-safe, per item.
 * Rejects with `ContextGuardError` only for invalid options; a failing verifier yields `unknown` items.
 */
export async function verifyContext(options: VerifyContextOptions): Promise<ContextGuardReport> {
  const snapshot = parseContextGuardSnapshot(readOption(options, 'snapshot'));
  const context = parseContextText(readOption(options, 'context'));
  const verifier = parseVerifier(readOption(options, 'verifier'));
  const resolution = await askVerifier(verifier, snapshot.items, context);
  return buildReport(snapshot.items, resolution);
}

async function askVerifier(
  verifier: ContextVerifier,
  items: readonly ContextItem[],
  context: string,
): Promise<FindingResolution> {
  let output: unknown;
  try {
    // The verifier gets its own copies, so nothing it does can alter what the report is built from.
    output = await verifier({ items: items.map((item) => ({ ...item })), context });
  } catch {
    // The error itself is dropped: its message may quote the context or an item.
    return unresolvedFindings(items.length, 'verifier_threw');
  }
  return resolveFindings(items, output);
}

function buildReport(items: readonly ContextItem[], resolution: FindingResolution): ContextGuardReport {
  const findings: ContextFinding[] = items.map((item, index) => ({
    id: item.id,
    status: resolution.statuses[index] ?? 'unknown',
  }));
  const idsWithStatus = (status: ContextFinding['status']): string[] =>
    findings.filter((finding) => finding.status === status).map((finding) => finding.id);
  const preserved = idsWithStatus('preserved');
  const changed = idsWithStatus('changed');
  const lost = idsWithStatus('lost');
  const unknown = idsWithStatus('unknown');
  const criticalFailures = items
    .filter((item, index) => item.critical && findings[index]?.status !== 'preserved')
    .map((item) => item.id);
  const issues = [...resolution.issues];
  const ok = changed.length === 0 && lost.length === 0 && unknown.length === 0 && issues.length === 0;
  return {
    schemaVersion: CONTEXT_GUARD_SCHEMA_VERSION,
    ok,
    findings,
    preserved,
    changed,
    lost,
    unknown,
    criticalFailures,
    issues,
  };
}
