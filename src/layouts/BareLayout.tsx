import type { ReactNode } from "react";
import { Outlet } from "@tanstack/react-router";

/** No chrome: sign-in, the auth hand-over, sign-out and the error pages. */
export function BareLayout({ children }: { children?: ReactNode }) {
  return <main className="app bare">{children ?? <Outlet />}</main>;
}
