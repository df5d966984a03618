/** The error pages of the root route: the errors feature's views in the bare layout (composed here, where routes compose features and layouts). */
import { Component, type ErrorInfo, type ReactNode } from "react";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { ErrorPageFailedView, ErrorView } from "@/features/errors/ErrorView";
import { errorStatus, errorTitle } from "@/features/errors/errorStatus";
import { BareLayout } from "@/layouts/BareLayout";
import { t, translateMessage } from "@/i18n/i18n";

/** Catches a failure of the error page itself, so the user still gets a way home. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The error page failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPageFailedView /> : this.props.children;
  }
}

/** Unmatched route (spec §2, §8). */
export function NotFoundPage() {
  return (
    <ErrorPageBoundary>
      <BareLayout>
        <ErrorView title={t("common.error.notFoundTitle")} detail={t("common.error.notFound")} />
      </BareLayout>
    </ErrorPageBoundary>
  );
}

/** Any other route error: its status, default 500 (spec §8). */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  return (
    <ErrorPageBoundary>
      <BareLayout>
        <RouteErrorContent error={error} />
      </BareLayout>
    </ErrorPageBoundary>
  );
}

function RouteErrorContent({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const detail = status === 404 ? t("common.error.notFound") : error instanceof Error && error.message !== "" ? translateMessage(error.message) : undefined;
  return <ErrorView title={errorTitle(status)} detail={detail} />;
}
