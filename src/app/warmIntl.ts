/**
 * The browser's Intl made ready while the page waits for the network (issue 19). The first
 * `Intl` objects a page makes load ICU's data for the locale and the zone: 30-90 ms here, the
 * later ones well under a millisecond. Left to the first render, it landed in the task that
 * renders the top bar (its dates are Bangkok days, through luxon) and made it a long task; here
 * it runs while the entry waits for the shell rules, the messages and the session check.
 *
 * In three tasks, not one: the locale's data (`Intl.Locale`, 7-14 ms measured in a blank page on
 * the 2-core machine), then the number format (20-75 ms, most of it the list of the locales ICU
 * has for it, one native call that cannot be split), then the Bangkok date format (3-10 ms).
 */
import { BUSINESS_ZONE } from "../../domain/zone";

const STEPS: ReadonlyArray<() => void> = [
  () => new Intl.Locale("en-US").maximize(),
  () => new Intl.NumberFormat("en-US").format(1),
  () => new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_ZONE }).format(0),
];

export function warmIntl(): void {
  const next = (index: number) => {
    const step = STEPS[index];
    if (step === undefined) return;
    setTimeout(() => {
      step();
      next(index + 1);
    }, 0);
  };
  next(0);
}
