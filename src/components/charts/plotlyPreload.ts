/**
 * Plotly fetched early, run late (issue 19). A page with Plotly charts asks the browser for the
 * Plotly chunks as soon as it is entered (`<link rel="modulepreload">`: fetched and compiled off
 * the main thread, not run); the chunks are imported, and so evaluated, only when the first chart
 * is about to draw (LazyPlot.tsx).
 *
 * The build writes the chunks' URLs into the placeholder below (scripts/chunkPreloads.ts: a JSON
 * list padded to the placeholder's length). In `vite` dev mode it stays a placeholder and nothing
 * is preloaded.
 */
const PLOTLY_CHUNKS = "__PLOTLY_CHUNKS_______________________________________________________________________________________________________________________________________________";

/** The Plotly chunks' URLs, or none (dev mode, or a build without the plugin). */
export function plotlyChunkUrls(): string[] {
  try {
    const parsed: unknown = JSON.parse(PLOTLY_CHUNKS);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === "string" && u.startsWith("/")) : [];
  } catch {
    return [];
  }
}

let preloaded = false;

/** Adds a modulepreload link per Plotly chunk to the document, once. */
export function preloadPlotly(): void {
  if (preloaded || typeof document === "undefined") return;
  preloaded = true;
  for (const href of plotlyChunkUrls()) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`) !== null) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
}
