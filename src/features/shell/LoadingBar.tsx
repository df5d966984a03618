import { useSyncExternalStore } from "react";
import { t } from "@/i18n/i18n";
import { LOADING_BAR_DURATION_MS, isLoadingBarVisible, subscribeLoading } from "@/app/loading";

/** A thin bar at the top while page data loads for longer than the throttle (spec §9). */
export function LoadingBar() {
  const visible = useSyncExternalStore(subscribeLoading, isLoadingBarVisible);
  if (!visible) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label={t("common.shell.loadingPageData")}>
      <div className="loading-bar-fill" style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }} />
    </div>
  );
}
