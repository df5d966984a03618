/**
 * The URL's search params as of the last navigation, for code that runs outside a component
 * (an app-wide actor that starts from the applied view). The router (`src/router.tsx`) publishes
 * every location it resolves here, so nothing below the router imports the router itself: the
 * import graph stays one-way (router → routes → features → app).
 */
let current: Readonly<Record<string, unknown>> = {};

export function publishSearch(search: Readonly<Record<string, unknown>>): void {
  current = search;
}

/** The raw search params of the location shown (not validated: pass them through a validator). */
export function currentSearch(): Readonly<Record<string, unknown>> {
  return current;
}
