import { useState } from "react";

/**
 * True from the first render in which `open` is true, and from then on (issue 19): a dialog whose
 * code is loaded lazily mounts when it first opens and stays mounted afterwards, so it closes and
 * opens again as a mounted dialog does (its animation, the focus it gives back).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
