/**
 * The module pages of the default layout (spec §2). Each page is its own lazily loaded chunk,
 * behind the chunk-reload guard. A route with choices of its own in the URL declares them here
 * (`validateSearch`, schemas in `domain/routeSearch.ts`); the shared view is the layout's.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { guardedImport } from "@/app/chunkReload";
import { validateRouteSearchOf } from "@/app/shellRulesLoader";
import { shellRoute } from "@/routes/shell";

const lazyPage = <T extends { default: () => React.ReactNode }>(load: () => Promise<T>) =>
  lazyRouteComponent(guardedImport(load));

const parent = () => shellRoute;

export const brandExRoute = createRoute({ getParentRoute: parent, path: "/brandEx", component: lazyPage(() => import("@/features/brandEx/BrandExPage")) });
export const cirRoute = createRoute({ getParentRoute: parent, path: "/cir", validateSearch: validateRouteSearchOf("/cir"), component: lazyPage(() => import("@/features/cir/CirPage")) });
export const cirDetailRoute = createRoute({ getParentRoute: parent, path: "/cir/$id", component: lazyPage(() => import("@/features/cir/CirReportPage")) });
export const maRoute = createRoute({ getParentRoute: parent, path: "/ma", validateSearch: validateRouteSearchOf("/ma"), component: lazyPage(() => import("@/features/ma/MaPage")) });
export const adsRoute = createRoute({ getParentRoute: parent, path: "/ads", validateSearch: validateRouteSearchOf("/ads"), component: lazyPage(() => import("@/features/ads/AdsPage")) });
export const adminRoute = createRoute({ getParentRoute: parent, path: "/admin", validateSearch: validateRouteSearchOf("/admin"), component: lazyPage(() => import("@/features/admin/AdminPage")) });
export const campaignRoute = createRoute({ getParentRoute: parent, path: "/campaign", validateSearch: validateRouteSearchOf("/campaign"), component: lazyPage(() => import("@/features/kol/KolPage")) });
export const eCommerceRoute = createRoute({ getParentRoute: parent, path: "/e-commerce", validateSearch: validateRouteSearchOf("/e-commerce"), component: lazyPage(() => import("@/features/commerce/ECommercePage")) });
export const crmRoute = createRoute({ getParentRoute: parent, path: "/crm", validateSearch: validateRouteSearchOf("/crm"), component: lazyPage(() => import("@/features/crm/CrmPage")) });
export const affiliateRoute = createRoute({ getParentRoute: parent, path: "/affiliate", validateSearch: validateRouteSearchOf("/affiliate"), component: lazyPage(() => import("@/features/affiliate/AffiliatePage")) });
export const o2oRoute = createRoute({ getParentRoute: parent, path: "/o2o", validateSearch: validateRouteSearchOf("/o2o"), component: lazyPage(() => import("@/features/o2o/O2oPage")) });
export const reportRoute = createRoute({ getParentRoute: parent, path: "/report", component: lazyPage(() => import("@/features/report/ReportPage")) });
export const saleRoute = createRoute({ getParentRoute: parent, path: "/sale", component: lazyPage(() => import("@/features/sale/SalePage")) });
export const formAcRoute = createRoute({ getParentRoute: parent, path: "/formAC", validateSearch: validateRouteSearchOf("/formAC"), component: lazyPage(() => import("@/features/admin/FormAcPage")) });

export const moduleRoutes = [
  brandExRoute, cirRoute, cirDetailRoute, maRoute, adsRoute, adminRoute, campaignRoute, eCommerceRoute, crmRoute,
  affiliateRoute, o2oRoute, reportRoute, saleRoute, formAcRoute,
] as const;
