import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
// Prompt's Latin and Thai faces, weights 400/500/600, each with its unicode-range (src/fonts.css).
import "@/fonts.css";
import { authActor } from "@/app/auth";
import { setupInspector } from "@/app/inspect";
import { createAppRouter, rerunGuardsOnAuthChange } from "@/router";
import { loadShellRules, needsShellRules } from "@/app/shellRulesLoader";
import "@/styles.css";
import { startLocale } from "@/app/locale";
import { loadAppMessages } from "@/i18n/i18n";
import { LocaleRoot } from "@/i18n/LocaleRoot";
import { warmIntl } from "@/app/warmIntl";

void setupInspector();
authActor.start();

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

// A default-layout page opened directly: its route needs the shell rules to match. A failure
// to load them is left to the router, which then shows the error page. The chunks of the
// layout and the page (by path alone) are fetched meanwhile instead of after the match.
// The remembered language's messages (issue 18) load meanwhile, so the first paint speaks it
// (English module messages come with the page's chunks).
const locale = startLocale();
warmIntl();
// The router is made in a task of its own, after this one has started the session check and the
// messages (issue 19): with it, the entry's evaluation was one task of 30-45 ms at desktop size.
await new Promise((resolve) => setTimeout(resolve, 0));
const router = createAppRouter();
rerunGuardsOnAuthChange(router);
if (needsShellRules(window.location.pathname)) {
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
  await Promise.all([loadShellRules().catch(() => undefined), locale.then(loadAppMessages).catch(() => undefined)]);
}
await locale;
// The first render shows the resolved route (issue 19): until then the page keeps the shell's
// outline the server put in #root (server/http/pagePreloads.ts), instead of a blank screen while
// the session is checked and the chunks arrive. A redirect (signed out, no permission) is part of
// the load; a failure is left to the router, which shows its error page when it renders.
await router.load().catch(() => undefined);

// A transition: React renders the shell and the page in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task (issue 19); the outline stays until it commits.
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <LocaleRoot>
        <RouterProvider router={router} />
      </LocaleRoot>
    </StrictMode>,
  ),
);
