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
