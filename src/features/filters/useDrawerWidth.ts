import { useSyncExternalStore } from "react";
import { drawerWidth } from "../../../machines/filterDrawer/filterDraft";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

/** The drawer's width for the current window (420 or 356 px), following resizes. */
export function useDrawerWidth(): number {
  return useSyncExternalStore(subscribe, () => drawerWidth(window.innerWidth), () => drawerWidth(1280));
}
