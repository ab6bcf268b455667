// Pi's own start-up timer: with PI_TIMING=1, Pi 0.84 and later print to stderr a group
// `--- Startup Timings: extensions ---` (each extension's module import and factory, then a TOTAL).
// 0.73.1 prints no such group.

const EXTENSIONS_GROUP = '--- Startup Timings: extensions ---';

/** The TOTAL of the extensions group in milliseconds, or undefined when Pi printed none. */
export function extensionPhaseMilliseconds(stderr: string): number | undefined {
  const group = stderr.split(EXTENSIONS_GROUP)[1];
  const total = group?.match(/TOTAL: (\d+)ms/u)?.[1];
  return total === undefined ? undefined : Number(total);
}
