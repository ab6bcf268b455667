// A saved entry's time as a person reads it in a list: the local clock time for today, the date too
// for an earlier day. Pi stamps each entry in UTC; the person's machine knows their zone.

const pad = (value: number): string => String(value).padStart(2, '0');

/** `14:05` on the day of `now`, `2026-12-02 14:05` on another day, `no time` when none was saved or it is not a time. */
export function formatEntryTime(timestamp: string | undefined, now: Date): string {
  const time = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  if (Number.isNaN(time)) {
    return 'no time';
  }
  const at = new Date(time);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? clock : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${clock}`;
}
