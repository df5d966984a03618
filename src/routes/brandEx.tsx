import { createRoute } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { selectUserName } from "../../machines/auth/authSelectors";
import { BrandExView } from "@/features/brandEx/BrandExView";
import { authenticatedRoute } from "@/routes/authenticated";

export const brandExRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: "brandEx",
  component: BrandExPage,
});

function BrandExPage() {
  const { auth } = brandExRoute.useRouteContext();
  const userName = useSelector(auth, selectUserName);
  return <BrandExView userName={userName ?? ""} />;
}
