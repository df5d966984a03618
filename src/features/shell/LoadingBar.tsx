import { useSyncExternalStore } from "react";
import { LOADING_BAR_DURATION_MS, isLoadingBarVisible, subscribeLoading } from "@/app/loading";

/** A thin bar at the top while page data loads for longer than the throttle (spec §9). */
export function LoadingBar() {
  const visible = useSyncExternalStore(subscribeLoading, isLoadingBarVisible);
  if (!visible) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label="Loading page data">
      <div className="loading-bar-fill" style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }} />
    </div>
  );
}
