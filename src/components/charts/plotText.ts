/**
 * User text in a chart shows as text. Plotly draws every label through its own pseudo-HTML:
 * `<a href>` becomes a live link, `<b style="font-size:60px">` huge bold text, `<br>` a line
 * break; it decodes the entities `&lt;`, `&gt;` and `&amp;` once. So every string a chart
 * shows is escaped here, on its way into Plotly (`LazyPlot` calls `plainTextData` and
 * `plainTextLayout`, so no page can forget it), and a clicked point's values are unescaped on
 * their way out, so callers get the text they gave.
 *
 * Escaped: a trace's `x`, `y`, `labels`, `text`, `hovertext`, `name`, `meta`, `customdata`, its
 * title, legend group title and colour bar title; the layout's title, axis titles, tick texts
 * and values, category orders, legend title, annotation and shape label texts.
 * Not escaped: `hovertemplate` and `texttemplate`, which are markup the app writes
 * (`<extra></extra>`). Never put a value into a template: refer to it (`%{x}`, `%{label}`,
 * `%{customdata[0]}`, `%{meta}`), so it arrives escaped.
 * Pure functions; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";

/** `text` as Plotly shows it literally: `&`, `<` and `>` as entities (Plotly decodes them once). */
export function escapePlotText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const ENTITY = /&(amp|lt|gt);/g;
const DECODED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">" };

/** The text `escapePlotText` was given (one pass, so a literal "&lt;" comes back as typed). */
export function unescapePlotText(text: string): string {
  return text.replace(ENTITY, (_, name: string) => DECODED[name] ?? _);
}

/** Strings escaped, in arrays (2-D too) and as they are; anything else unchanged. */
function escapeValues(value: unknown): unknown {
  if (typeof value === "string") return escapePlotText(value);
  if (Array.isArray(value)) return value.map(escapeValues);
  return value;
}

/** `unescapePlotText` on strings, in arrays too: a clicked point's values as the page gave them. */
export function unescapeValue(value: unknown): unknown {
  if (typeof value === "string") return unescapePlotText(value);
  if (Array.isArray(value)) return value.map(unescapeValue);
  return value;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

/** A title given as a string or as `{ text }`. */
function escapeTitle(title: unknown): unknown {
  if (typeof title === "string") return escapePlotText(title);
  if (isObject(title) && typeof title.text === "string") return { ...title, text: escapePlotText(title.text) };
  return title;
}

/** `obj` with the string (or string array) values of `keys` escaped; the same object when none is there. */
function escapeKeys<T>(obj: T, keys: readonly string[]): T {
  const source = obj as Loose;
  let out: Loose | null = null;
  for (const key of keys) {
    if (!(key in source)) continue;
    out ??= { ...source };
    out[key] = escapeValues(source[key]);
  }
  return (out ?? obj) as T;
}

/** `obj` with its `title`-like keys escaped. */
function escapeTitles<T>(obj: T, keys: readonly string[]): T {
  const source = obj as Loose;
  let out: Loose | null = null;
  for (const key of keys) {
    if (source[key] === undefined) continue;
    out ??= { ...source };
    out[key] = escapeTitle(source[key]);
  }
  return (out ?? obj) as T;
}

const TRACE_TEXT = ["x", "y", "labels", "text", "hovertext", "name", "meta", "customdata"] as const;

function plainColourBar(holder: unknown): unknown {
  return isObject(holder) && isObject(holder.colorbar) ? { ...holder, colorbar: escapeTitles(holder.colorbar, ["title"]) } : holder;
}

/** One trace with every string it shows escaped. */
function plainTextTrace(trace: Data): Data {
  let out = escapeKeys(trace, TRACE_TEXT);
  out = escapeTitles(out, ["title", "legendgrouptitle"]);
  const t = out as Loose;
  if (isObject(t.colorbar)) out = plainColourBar(out) as Data;
  if (isObject(t.marker) && isObject(t.marker.colorbar)) out = { ...out, marker: plainColourBar(t.marker) } as Data;
  return out;
}

/** The traces as Plotly must get them: every string they show escaped (new objects; the input is left as it is). */
export function plainTextData(data: readonly Data[]): Data[] {
  return data.map(plainTextTrace);
}

const AXIS = /^[xy]axis\d*$/;
const AXIS_TEXT = ["ticktext", "tickvals", "categoryarray"] as const;

/** The layout as Plotly must get it: every title, tick text and annotation escaped (a new object). */
export function plainTextLayout(layout: Partial<Layout>): Partial<Layout> {
  const out = escapeTitles({ ...layout }, ["title"]) as Loose;
  for (const [key, value] of Object.entries(out)) {
    if (AXIS.test(key) && isObject(value)) out[key] = escapeTitles(escapeKeys(value, AXIS_TEXT), ["title"]);
  }
  if (isObject(out.legend)) out.legend = escapeTitles(out.legend, ["title"]);
  if (isObject(out.coloraxis)) out.coloraxis = plainColourBar(out.coloraxis);
  if (Array.isArray(out.annotations)) out.annotations = out.annotations.map((a) => (isObject(a) ? escapeKeys(a, ["text", "hovertext"]) : a));
  if (Array.isArray(out.shapes)) out.shapes = out.shapes.map((s) => (isObject(s) && isObject(s.label) ? { ...s, label: escapeKeys(s.label, ["text"]) } : s));
  return out as Partial<Layout>;
}
