import { describe, expect, it } from "vitest";
import { styleFirst, stylesheetsFirst } from "../../scripts/styleFirst";

/** The head as Vite writes it for the build: the entry, its preloads, its style sheet last. */
const VITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Brand Dashboard</title>
    <link rel="icon" type="image/svg+xml" href="/assets/favicon-1.svg" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/router-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
    <link rel="stylesheet" href="/assets/late.css">
  </body>
</html>`;

const tags = (html: string) => [...html.slice(0, html.indexOf("</head>")).matchAll(/<(script|link)\b[^>]*?(?:rel="([^"]+)")?[^>]*?(?:href|src)="([^"]+)"/g)]
  .map((m) => m[3]);

describe("stylesheetsFirst: the entry's style sheet is requested before the scripts (issue 19)", () => {
  it("moves the head's style sheet before the entry script and its module preloads, the rest in order", () => {
    const html = stylesheetsFirst(VITE_HTML);
    expect(tags(html)).toEqual(["/assets/favicon-1.svg", "/assets/index-1.css", "/assets/index-1.js", "/assets/react-1.js", "/assets/router-1.js"]);
    // Nothing lost or doubled, the body untouched, the lines still one tag each.
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    expect(html.slice(html.indexOf("<body>"))).toBe(VITE_HTML.slice(VITE_HTML.indexOf("<body>")));
    expect(html).toContain(`    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n    <script type="module"`);
    expect(html).toContain(`router-1.js">\n  </head>`);
  });

  it("keeps several style sheets in their order", () => {
    const html = stylesheetsFirst(VITE_HTML.replace(`<link rel="stylesheet" crossorigin href="/assets/index-1.css">`,
      `<link rel="stylesheet" crossorigin href="/assets/a.css">\n    <link rel="stylesheet" crossorigin href="/assets/b.css">`));
    expect(tags(html)).toEqual(["/assets/favicon-1.svg", "/assets/a.css", "/assets/b.css", "/assets/index-1.js", "/assets/react-1.js", "/assets/router-1.js"]);
  });

  it("moves the style sheet before a module preload that comes before any script", () => {
    const html = stylesheetsFirst(`<html><head>\n<link rel="modulepreload" href="/a.js">\n<script type="module" src="/i.js"></script>\n<link rel="stylesheet" href="/s.css">\n</head><body></body></html>`);
    expect(tags(html)).toEqual(["/s.css", "/a.js", "/i.js"]);
  });

  it("leaves a page alone when its style sheet already comes first, or it has no script or no head", () => {
    const first = stylesheetsFirst(VITE_HTML);
    expect(stylesheetsFirst(first)).toBe(first);
    const noScript = `<html><head><link rel="stylesheet" href="/s.css"></head><body></body></html>`;
    expect(stylesheetsFirst(noScript)).toBe(noScript);
    expect(stylesheetsFirst("<p>no head</p>")).toBe("<p>no head</p>");
  });

  it("runs on the built index.html after Vite has written its tags", () => {
    const plugin = styleFirst();
    expect(plugin.apply).toBe("build");
    const hook = plugin.transformIndexHtml as { order: string; handler: (html: string) => string };
    expect(hook.order).toBe("post");
    expect(tags(hook.handler(VITE_HTML))[1]).toBe("/assets/index-1.css");
  });
});
