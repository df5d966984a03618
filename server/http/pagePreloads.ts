/**
 * A module page's first paint (issue 19). The links that let it load in one round instead of a
 * chain: the build's
 * `preloads.json` (scripts/chunkPreloads.ts) lists, per module route, the chunks and style sheets
 * of the default layout, the page, the API client, the shell rules and the English module
 * messages, and the font files a module page shows. The app's `index.html` for such a path gets
 * them: `modulepreload` for the chunks in its `<head>` (fetched and compiled, run when the app
 * imports them) and the style sheets after the root element (see `withPreloads`). The fonts are not preloaded: `font-display: swap` shows
 * the text at once, and on a phone they would share the bandwidth with the chunks the page waits
 * for. The page also gets the shell's outline (`BOOT_SHELL`). Any other path gets the page unchanged.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface PreloadsFile {
  routes: Record<string, { js: string[]; css: string[] }>;
  /** Listed by the build; not preloaded (they would share the phone's bandwidth with the page's own chunks). */
  fonts: string[];
}

const ASSET = /^\/assets\/[\w.-]+\.(js|css|woff2)$/;

function isPreloadsFile(value: unknown): value is PreloadsFile {
  if (typeof value !== "object" || value === null) return false;
  const { routes, fonts } = value as Partial<PreloadsFile>;
  const urls = (list: unknown) => Array.isArray(list) && list.every((u) => typeof u === "string" && ASSET.test(u));
  return typeof routes === "object" && routes !== null && urls(fonts)
    && Object.values(routes).every((r) => typeof r === "object" && r !== null && urls(r.js) && urls(r.css));
}

/** `/cir/$id` → a pattern of the path, a trailing slash allowed. */
function routePattern(route: string): RegExp {
  const source = route.split("/").map((part) => (part.startsWith("$") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
  return new RegExp(`^${source}/?$`);
}

/** A page's links: chunks for its `<head>`, style sheets for the end of its `<body>`. */
export interface PageLinks { readonly head: string; readonly body: string }
const NO_LINKS: PageLinks = { head: "", body: "" };

/** The links per path, from a build's directory; none when the build has no `preloads.json` or the path is no module page. */
export function pagePreloads(staticDir: string): (pathname: string) => PageLinks {
  const file = path.join(staticDir, "preloads.json");
  let routes: Array<{ pattern: RegExp } & PageLinks> | null = null;
  const load = () => {
    if (!existsSync(file)) return [];
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!isPreloadsFile(parsed)) throw new Error(`${file}: not a preloads file of this build`);
    return Object.entries(parsed.routes).map(([route, { js, css }]) => ({
      pattern: routePattern(route),
      head: js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join(""),
      body: css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join(""),
    }));
  };
  return (pathname) => {
    if (routes === null) {
      try {
        routes = load();
      } catch (error) {
        // The pages still work without the links, only slower.
        console.error(`[error] page preloads: ${error instanceof Error ? error.message : String(error)}`);
        routes = [];
      }
    }
    return routes.find((r) => r.pattern.test(pathname)) ?? NO_LINKS;
  };
}

/**
 * The shell's outline as plain HTML (styled by src/styles.css, `.boot-*`), painted as soon as the
 * page arrives, before any script has run: the side menu with the product's name, the top bar and
 * the page's card with placeholders. The app replaces it with the real shell in its first render
 * (src/main.tsx renders once the route is resolved); the layout keeps the same card in the content
 * area for one frame more, until the page renders (src/layouts/PagePlaceholder.tsx). No words but the product's name, which reads
 * the same in every language; hidden from assistive technology, which waits for the real page.
 */
export const BOOT_SHELL =
  '<div class="boot-shell" aria-hidden="true">'
  + '<div class="boot-menu"><div class="boot-brand"><span class="boot-dot"></span>Brand Dashboard</div>'
  + '<span class="boot-line"></span><span class="boot-line"></span><span class="boot-line"></span><span class="boot-line"></span><span class="boot-line"></span></div>'
  + '<div class="boot-top"><div class="boot-brand boot-brand-narrow"><span class="boot-dot"></span>Brand Dashboard</div></div>'
  + '<div class="boot-content"><div class="boot-page"><span class="boot-heading"></span><span class="boot-line boot-wide"></span>'
  + '<div class="boot-cards"><span></span><span></span><span></span><span></span></div></div></div>'
  + "</div>";

/**
 * The page with its chunks at the end of its `<head>`, the shell's outline in its root element and
 * its style sheets after it: a style sheet in the body holds back only what follows it (nothing),
 * so the outline paints before the styles arrive, and they are parsed as they arrive, while the
 * scripts are still on their way, instead of when the layout's chunk runs.
 */
export function withPreloads(html: string, links: PageLinks): string {
  if (links.head === "" && links.body === "") return html;
  const at = html.indexOf("</head>");
  const withHead = at < 0 ? html : `${html.slice(0, at)}${links.head}${html.slice(at)}`;
  return withHead.replace('<div id="root"></div>', `<div id="root">${BOOT_SHELL}</div>${links.body}`);
}
