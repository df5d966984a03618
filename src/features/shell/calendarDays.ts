/**
 * The date picker works with `Date`s at local midnight (what the calendar widget shows as a
 * day); the view works with YYYY-MM-DD days. These convert between the two without a time zone
 * shift: the day the person clicked is the day stored.
 */
export function dayOfDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dateOfDay(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
