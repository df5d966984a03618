import { startTransition, useEffect, useState } from "react";

/**
 * `value` one render after it changed, in a transition of its own (issue 19): a heavy part below
 * the fold (a leaderboard, a customer table) renders after the rest of the page, never in the same
 * task. `null` until the first value has come through.
 */
export function useLater<T>(value: T): T | null {
  const [later, setLater] = useState<T | null>(null);
  useEffect(() => {
    startTransition(() => setLater(value));
  }, [value]);
  return later;
}
