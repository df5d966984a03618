import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import type { AuthActorRef } from "../../machines/auth/authMachine";
import { NotFoundPage, RouteErrorPage } from "@/routes/errorPages";

export interface RouterContext {
  auth: AuthActorRef;
}

/**
 * Errors and unmatched paths are caught here only (no route below has an error component), so
 * they always replace the whole page with the bare error page, chrome included.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
