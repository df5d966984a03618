/**
 * The browser's Intl made ready while the page waits for the network (issue 19). The first
 * `Intl` object a page makes loads ICU's data for the locale and the zone: 15-50 ms here, the
 * later ones well under a millisecond. Left to the first render, it landed in the task that
 * renders the top bar (its dates are Bangkok days, through luxon) and made it a long task; here
 * it is a task of its own, while the entry waits for the shell rules, the messages and the
 * session check.
 */
import { BUSINESS_ZONE } from "../../domain/zone";

export function warmIntl(): void {
  setTimeout(() => {
    new Intl.NumberFormat("en-US").format(1);
    new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_ZONE }).format(0);
  }, 0);
}
