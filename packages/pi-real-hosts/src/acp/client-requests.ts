import { isAbsolute, relative, resolve } from 'node:path';
import type { ClientCapabilities, RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';

// How the test client answers what an agent asks of its client, as a careful editor would.

/** The capabilities the client announces in `initialize`: text files under its root, no terminal. */
export const TEST_CLIENT_CAPABILITIES: ClientCapabilities = Object.freeze({
  fs: { readTextFile: true, writeTextFile: true },
  terminal: false,
});

/**
 * The `session/request_permission` answer: the first offered option that allows (once before always),
 * or `cancelled` when none does.
 */
export function answerPermission(request: Pick<RequestPermissionRequest, 'options'>): RequestPermissionResponse {
  const option = ['allow_once', 'allow_always'].flatMap((kind) => request.options.filter((candidate) => candidate.kind === kind))[0];
  return option === undefined ? { outcome: { outcome: 'cancelled' } } : { outcome: { outcome: 'selected', optionId: option.optionId } };
}

/** The absolute path of `path` when it lies inside `root`, else undefined (the client never leaves its root). */
export function pathInsideRoot(root: string, path: string): string | undefined {
  if (!isAbsolute(path)) return undefined;
  const target = resolve(path);
  const fromRoot = relative(resolve(root), target);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) return undefined;
  return target;
}

/** `fs/read_text_file`'s `line` (1-based) and `limit` applied to a file's text. */
export function sliceLines(text: string, line: number | undefined, limit: number | undefined): string {
  if (line === undefined && limit === undefined) return text;
  const lines = text.split('\n');
  const start = Math.max(0, (line ?? 1) - 1);
  const end = limit === undefined ? lines.length : start + Math.max(0, limit);
  return lines.slice(start, end).join('\n');
}
