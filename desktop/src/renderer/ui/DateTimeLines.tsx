/**
 * A date and time in a narrow table column: "Dec 14, 2026, 10:00 AM" as a date line and a time line,
 * each kept whole, so the column stays narrow and never breaks inside a word ("10:0 0", "202 6").
 * `text` is the date as the screen formats it (formatAdminDate, or the staff member's own zone).
 */
export function DateTimeLines({ at, text }: { at: string; text: string }) {
  // The last comma parts the date from the time (and from the zone that may follow it).
  const split = text.lastIndexOf(', ');
  if (split < 0) {
    return (
      <time dateTime={at} className="nowrap">
        {text}
      </time>
    );
  }
  return (
    <time dateTime={at}>
      <span className="nowrap">{text.slice(0, split)},</span>{' '}
      <span className="nowrap muted">{text.slice(split + 2)}</span>
    </time>
  );
}
