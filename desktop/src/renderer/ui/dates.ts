/** Calendar dates in UTC ("Dec 14, 2026"), for values that carry no meaningful time (effective dates). */
export function formatUtcDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** The value of an <input type="datetime-local"> showing `iso` as UTC wall-clock time. */
export function toUtcInputValue(iso: string | null | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : '';
}

/** An <input type="datetime-local"> value read as UTC, as an ISO string with Z; '' stays ''. */
export function fromUtcInputValue(value: string): string {
  if (!value) return '';
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The value of an <input type="date"> for the UTC day of `iso`. */
export function toDateInputValue(iso: string | null | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 10) : '';
}

/** The staff member's own time zone, as the browser or the desktop app knows it ("Europe/Paris"). */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `iso` as the staff member's wall-clock date and time, with their zone: "Dec 14, 2026, 9:30 AM (Europe/Paris)". */
export function formatLocalDateTime(iso: string): string {
  const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return `${text} (${localZone()})`;
}

/** <input type="date"> and <input type="time"> values read in the staff member's zone, as UTC ISO; null if incomplete. */
export function fromLocalInputValues(date: string, time: string): string | null {
  if (!date || !time) return null;
  // Without a zone suffix, a date-time string is read as local time.
  const moment = new Date(`${date}T${time}`);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/** An instant as the local <input type="date"> and <input type="time"> values. */
export function toLocalInputValues(moment: Date): { date: string; time: string } {
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
}
