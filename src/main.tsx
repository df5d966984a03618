import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
// Only the weights the app uses (400 text, 500 labels, 600 headings). These files declare every
// subset with its unicode-range, so each face (Latin, Thai, …) is fetched only when a glyph of
// its range is on screen. (The per-subset files, latin-400.css and thai-400.css, carry no
// unicode-range: together, one face covered every character and Thai fell back to a system font.)
import "@fontsource/prompt/400.css";
import "@fontsource/prompt/500.css";
import "@fontsource/prompt/600.css";
import { authActor } from "@/app/auth";
import { setupInspector } from "@/app/inspect";
import { rerunGuardsOnAuthChange, router } from "@/router";
import { loadShellRules, needsShellRules } from "@/app/shellRulesLoader";
import "@/styles.css";

void setupInspector();
rerunGuardsOnAuthChange();
authActor.start();

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

// A default-layout page opened directly: its route needs the shell rules to match. A failure
// to load them is left to the router, which then shows the error page. The chunks of the
// layout and the page (by path alone) are fetched meanwhile instead of after the match.
if (needsShellRules(window.location.pathname)) {
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
  await loadShellRules().catch(() => undefined);
}

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
