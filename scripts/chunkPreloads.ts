/**
 * What a page needs before it can paint, known at build time (issue 19, docs/architecture.md
 * "Loading a page"). Two outputs of `vite build`:
 *
 * 1. `preloads.json` in the build's root: per module route of `src/routes/modules.tsx`, the
 *    JavaScript chunks and style sheets of the default layout, the page (with the English messages
 *    of the keys its code shows, docs/i18n.md), the API client and the shell rules that the entry
 *    chunk does not import statically (those Vite preloads already), and the font files every module page shows (Prompt's Latin faces,
 *    PrimeIcons). The server writes them into the page's `<head>` as `modulepreload`, `stylesheet`
 *    and font `preload` links (`server/http/pagePreloads.ts`), so they load together with the entry
 *    instead of one level after another.
 * 2. The Plotly chunks' URLs (a JSON list) in place of the `__PLOTLY_CHUNKS___…` placeholder of
 *    src/components/charts/plotlyPreload.ts:
 *    a chart page asks the browser to fetch them early, without running them.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

export const PRELOADS_FILE = "preloads.json";
const ROUTES_FILE = fileURLToPath(new URL("../src/routes/modules.tsx", import.meta.url));
const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** The shape of `preloads.json`. */
export interface PagePreloads {
  /** Per route path (as the router writes it, `/cir/$id` included): chunk and style sheet URLs. */
  readonly routes: Record<string, { readonly js: readonly string[]; readonly css: readonly string[] }>;
  /** Font files every module page uses. */
  readonly fonts: readonly string[];
}

/** `path: "/ads"` … `import("@/features/ads/AdsPage")` on one line of the route file. */
export function routeModules(source: string): Array<{ path: string; module: string }> {
  const found: Array<{ path: string; module: string }> = [];
  for (const line of source.split("\n")) {
    const m = /path:\s*"([^"]+)".*import\("@\/([^"]+)"\)/.exec(line);
    if (m) found.push({ path: m[1]!, module: m[2]! });
  }
  return found;
}

/** The modules every module page loads besides its own (src paths without extension, or virtual ids). */
const SHELL_MODULES = ["layouts/DefaultLayout", "api/client", "app/shellRules"];
/** Fonts every module page shows: Prompt's Latin faces and the icon font. */
const FONT_NAMES = [/prompt-latin-400-normal/, /prompt-latin-500-normal/, /prompt-latin-600-normal/, /primeicons/];

interface ChunkLike {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds?: string[];
  modules?: Record<string, unknown>;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
interface AssetLike { type: "asset"; fileName: string; names?: string[]; name?: string }

export function chunkPreloads(): Plugin {
  let base = "/";
  return {
    name: "brand-dashboard:chunk-preloads",
    apply: "build",
    // After Vite's own bundle hooks, which drop the chunks that only held CSS.
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const items = Object.values(bundle) as Array<ChunkLike | AssetLike>;
      const chunks = items.filter((c): c is ChunkLike => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const idsOf = (c: ChunkLike) => c.moduleIds ?? Object.keys(c.modules ?? {});
      const matches = (id: string, module: string) => {
        const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
        return module.startsWith("virtual:") ? clean === module : [".tsx", ".ts"].some((ext) => clean === `${SRC}${module}${ext}`);
      };
      // The chunk that is the module's own (its facade), else the one holding it.
      const chunkOf = (module: string) =>
        chunks.find((c) => c.facadeModuleId !== null && matches(c.facadeModuleId, module)) ?? chunks.find((c) => idsOf(c).some((id) => matches(id, module)));
      const closure = (start: ChunkLike, into: Set<string>) => {
        if (into.has(start.fileName)) return;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
      };
      const entry = chunks.find((c) => c.isEntry);
      const already = new Set<string>();
      if (entry) closure(entry, already);
      const url = (file: string) => `${base}${file}`;
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOf(module);
          if (chunk === undefined) throw new Error(`chunk-preloads: no chunk holds ${module}`);
          closure(chunk, files);
        }
        const js = [...files].filter((f) => !already.has(f));
        const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        return { js: js.map(url), css: css.map(url) };
      };

      const routes: Record<string, { js: string[]; css: string[] }> = {};
      for (const { path, module } of routeModules(readFileSync(ROUTES_FILE, "utf8"))) routes[path] = filesOf([...SHELL_MODULES, module]);
      if (Object.keys(routes).length === 0) throw new Error(`chunk-preloads: no routes found in ${ROUTES_FILE}`);
      const assets = items.filter((a): a is AssetLike => a.type === "asset");
      const fonts = FONT_NAMES.map((name) => assets.find((a) => name.test(a.fileName) && a.fileName.endsWith(".woff2"))?.fileName)
        .filter((f): f is string => f !== undefined).map(url);
      const preloads: PagePreloads = { routes, fonts };
      this.emitFile({ type: "asset", fileName: PRELOADS_FILE, source: JSON.stringify(preloads) });

      // Plotly's chunks (the dist bundle and react-plotly's factory) for plotlyPreload.ts.
      const plotly = [/plotly\.js-cartesian-dist-min/, /react-plotly\.js[\\/]/]
        .map((pattern) => chunks.find((c) => idsOf(c).some((id) => pattern.test(id)))?.fileName)
        .filter((f): f is string => f !== undefined).map(url);
      for (const chunk of chunks) chunk.code = fillPlotlyPlaceholder(chunk.code, plotly);
    },
  };
}

/**
 * The code with each `__PLOTLY_CHUNKS___…` string literal replaced by a string literal of the
 * same length holding the URLs as a JSON list (padded with spaces, which JSON.parse skips), so
 * the source maps of the chunk stay right.
 */
export function fillPlotlyPlaceholder(code: string, urls: readonly string[]): string {
  return code.replace(/(["'`])(__PLOTLY_CHUNKS_+)\1/g, (literal) => {
    const json = JSON.stringify(urls);
    const padded = json + " ".repeat(Math.max(0, literal.length - JSON.stringify(json).length));
    const replaced = JSON.stringify(padded);
    if (replaced.length !== literal.length) throw new Error(`chunk-preloads: the Plotly chunk URLs (${json}) do not fit the placeholder`);
    return replaced;
  });
}
