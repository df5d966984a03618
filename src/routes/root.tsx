import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import type { AuthActorRef } from "../../machines/auth/authMachine";
import { ErrorView, NotFoundView } from "@/components/ErrorView";

export interface RouterContext {
  auth: AuthActorRef;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundView,
  errorComponent: () => <ErrorView title="An error occurred" />,
});

function RootLayout() {
  return (
    <main className="app">
      <Outlet />
    </main>
  );
}
