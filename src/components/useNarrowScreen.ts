import { useEffect, useState } from "react";

/** The media query of a narrow (phone) screen: the top bar folds its controls, charts use `narrowLayout`. */
export const NARROW_QUERY = "(max-width: 600px)";

function matches(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(NARROW_QUERY).matches;
}

/** True while the screen is at most 600 px wide; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return narrow;
}
