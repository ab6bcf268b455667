/** Bounded polling: every wait of the harness ends, with a description of what it saw. */

export interface PollOptions {
  readonly timeoutMs: number;
  readonly intervalMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 50;

/** Resolves with the first value `probe` returns other than undefined; undefined once `timeoutMs` passed. */
export async function pollUntil<T>(probe: () => T | undefined | Promise<T | undefined>, options: PollOptions): Promise<T | undefined> {
  const deadline = Date.now() + options.timeoutMs;
  const intervalMs = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
}

/** True when `screen` contains the text, or matches the pattern. */
export function screenMatches(screen: string, expected: string | RegExp): boolean {
  // search() ignores a /g pattern's lastIndex, so the same pattern can be polled again and again.
  return typeof expected === 'string' ? screen.includes(expected) : screen.search(expected) !== -1;
}

/** An error message with the screen attached, framed so blank rows stay visible; `when` is e.g. `within 500 ms`. */
export function describeWaitFailure(what: string, when: string, screenLines: readonly string[]): string {
  const framed = screenLines.map((line) => `|${line}`).join('\n');
  return `${what}: not seen ${when}. Screen:\n${framed}`;
}
