/**
 * The entry's style sheet first in the `<head>` (issue 19). Vite writes the head of index.html as
 * the entry's `<script type="module">`, then a `modulepreload` per chunk it imports (18), then
 * the entry's style sheet last. A browser requests them in that order, and on HTTP/1.1 (six
 * connections to one host) the style sheet waits behind the chunks. It is the page's only
 * render-blocking file: until it is in, nothing paints, not even the shell's outline the server
 * puts in `#root`.
 *
 * On a slow machine that wait also stalls the frames. Measured with Lighthouse's mobile preset on
 * this project's 2-core machine (`/ads`): with the style sheet last, Chrome painted the first
 * content at 1.2-2.4 s although the style sheet was in by 0.3 s (in the traces the compositor
 * asked for a main frame about once a second after rendering had been blocked); with the same
 * page's style sheet first, at 0.2-0.3 s. The scripts are not render-blocking, so moving them
 * behind the style sheet costs them one request's place, not a paint.
 *
 * This transform moves every `<link rel="stylesheet">` of the head to just before the head's first
 * script or `modulepreload`, keeping their order. A head without either is left as it is.
 */
import type { Plugin } from "vite";

const STYLESHEET = /[ \t]*<link\b[^>]*\brel=["']?stylesheet\b[^>]*>[ \t]*\r?\n?/gi;
const FIRST_SCRIPT = /<script\b|<link\b[^>]*\brel=["']?modulepreload\b/i;

/** `html` with its head's style sheets moved before the head's first script or module preload. */
export function stylesheetsFirst(html: string): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const firstScript = head.search(FIRST_SCRIPT);
  if (firstScript < 0) return html;
  const before = head.slice(0, firstScript);
  const after = head.slice(firstScript);
  const sheets = after.match(STYLESHEET);
  if (sheets === null) return html;
  const indent = /[ \t]*$/.exec(before)?.[0] ?? "";
  const moved = sheets.map((tag) => `${tag.trim()}\n${indent}`).join("");
  return `${before}${moved}${after.replace(STYLESHEET, "")}${html.slice(headEnd)}`;
}

export function styleFirst(): Plugin {
  return {
    name: "brand-dashboard:style-first",
    apply: "build",
    // After Vite has written the entry's script, preloads and style sheet into the head.
    transformIndexHtml: { order: "post", handler: stylesheetsFirst },
  };
}
