/**
 * A CIR report as a PDF (issue 17, docs/reports.md): made on the server with pdfkit from the
 * report and its section data (the same data `/cir/{id}` draws), so a scheduled run needs no
 * browser. Pure: contract types in, bytes out.
 *
 * Layout: A4 portrait; the first page opens with the title, brand, the range resolved and the
 * generation time in Bangkok; then each section in order (figure cards, vector charts with axes
 * and a legend, text blocks). A section that fits on one page never starts on a page it would
 * overflow. Every page has the brand and "Page N of M" in its footer.
 *
 * Fonts: Prompt (@fontsource/prompt). Its files are split by script, so text is written in runs:
 * Thai characters (U+0E00–U+0E7F, the baht sign included) in the `thai` file, the rest in the
 * `latin` one.
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { CirSectionDataResponse, FigureUnit, Report, ReportFigure, SectionData, SectionResult } from "../../domain/cirContract";
import type { CalendarSystem } from "../../domain/locale";
import { calendarLine, formatDayIn } from "./dates";

export interface ReportPdfInput {
  readonly report: Report;
  readonly data: CirSectionDataResponse["data"];
  /** When it was made (shown in Bangkok time). */
  readonly generatedAt: Date;
  /** The reader's calendar: the PDF's dates are written in it and its header names it (default Gregorian). */
  readonly calendar?: CalendarSystem;
}

const require = createRequire(import.meta.url);
const fontFile = (script: "latin" | "thai", weight: 400 | 600) =>
  require.resolve(`@fontsource/prompt/files/prompt-${script}-${weight}-normal.woff`);

type Weight = "regular" | "bold";
const FONT: Record<Weight, { latin: string; thai: string }> = {
  regular: { latin: "PromptLatin", thai: "PromptThai" },
  bold: { latin: "PromptLatinBold", thai: "PromptThaiBold" },
};

const PAGE = { width: 595.28, height: 841.89, margin: 40, footer: 28 };
const CONTENT_W = PAGE.width - 2 * PAGE.margin;
/** Where content must end on every page (the footer sits below). */
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const PALETTE = ["#2563eb", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#0ea5e9", "#84cc16", "#ec4899"];
const GOOD = "#047857";
const BAD = "#b91c1c";

// ---------------------------------------------------------------------------------------------
// Words and numbers

const THAI = /[\u0E00-\u0E7F]/;

/** The text cut into runs of one script: Thai characters and the rest. */
export function scriptRuns(text: string): Array<{ script: "latin" | "thai"; text: string }> {
  const runs: Array<{ script: "latin" | "thai"; text: string }> = [];
  for (const ch of text) {
    const script = THAI.test(ch) ? "thai" : "latin";
    const last = runs[runs.length - 1];
    // Spaces and punctuation stay in the run they are in (one font switch fewer).
    if (last && (last.script === script || (/[\s.,:;()'"\-–]/.test(ch) && last.script === "thai"))) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}

const groups = (n: number, decimals: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

/**
 * A figure's value as the pages show it: money "฿1,234.50", counts "1,234", percent (a share
 * written 0–1, as server/services/cirSources.ts gives it) "12.34%", ratio "2.35×", seconds "1m 05s".
 */
export function formatFigure(value: number | null, unit: FigureUnit): string {
  if (value === null) return "–";
  switch (unit) {
    case "money": return `${value < 0 ? "-" : ""}฿${groups(Math.abs(value), 2)}`;
    case "count": return groups(value, Number.isInteger(value) ? 0 : 1);
    case "percent": return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value * 100)}%`;
    case "ratio": return `${groups(value, 2)}×`;
    case "seconds": {
      const s = Math.round(value);
      return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s` : `${s}s`;
    }
  }
}

/** Short numbers for an axis: 1,234 → "1.2K"; money with the baht sign. */
function formatAxis(value: number, unit: FigureUnit): string {
  const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value);
  if (unit === "money") return `฿${compact}`;
  if (unit === "percent") return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(value * 100)}%`;
  return compact;
}

/** The change against the previous period in words: "+12.3% vs previous period", or why there is none. */
export function formatChange(f: Pick<ReportFigure, "value" | "previous">): { text: string; direction: "up" | "down" | "flat" | null } {
  if (f.value === null || f.previous === null) return { text: "No previous period to compare", direction: null };
  if (f.previous === 0) return f.value === 0 ? { text: "No change vs previous period", direction: "flat" } : { text: "New vs previous period (was 0)", direction: "up" };
  const pct = ((f.value - f.previous) / Math.abs(f.previous)) * 100;
  if (Math.abs(pct) < 0.05) return { text: "No change vs previous period", direction: "flat" };
  return { text: `${pct > 0 ? "+" : ""}${groups(pct, 1)}% vs previous period`, direction: pct > 0 ? "up" : "down" };
}

/** 2025-01-05T00:00:00Z → "2025-01-05 07:00" (Bangkok is UTC+7 all year). */
export function bangkokDateTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

// ---------------------------------------------------------------------------------------------
// Drawing

type Doc = InstanceType<typeof PDFDocument>;

interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  width?: number;
  align?: "left" | "center" | "right";
  lineBreak?: boolean;
}

/** Writes text at (x, y) in runs of its script's font; returns the height it took. */
function write(doc: Doc, text: string, x: number, y: number, style: TextStyle): number {
  const weight = style.weight ?? "regular";
  const opts = { width: style.width ?? CONTENT_W, align: style.align ?? "left", lineBreak: style.lineBreak ?? true };
  doc.fontSize(style.size).fillColor(style.color ?? INK);
  const height = measure(doc, text, style);
  const runs = scriptRuns(text === "" ? " " : text);
  runs.forEach((run, i) => {
    doc.font(FONT[weight][run.script]);
    const continued = i < runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { ...opts, continued });
    else doc.text(run.text, { ...opts, continued });
  });
  return height;
}

function measure(doc: Doc, text: string, style: TextStyle): number {
  doc.fontSize(style.size).font(FONT[style.weight ?? "regular"].latin);
  return doc.heightOfString(text === "" ? " " : text, { width: style.width ?? CONTENT_W, lineBreak: style.lineBreak ?? true });
}

function widthOf(doc: Doc, text: string, size: number, weight: Weight = "regular"): number {
  let w = 0;
  for (const run of scriptRuns(text)) w += doc.fontSize(size).font(FONT[weight][run.script]).widthOfString(run.text);
  return w;
}

const SECTION_GAP = 18;
const TITLE_SIZE = 13;
const CARD = { cols: 3, gap: 10, pad: 8 };
const CARD_W = (CONTENT_W - (CARD.cols - 1) * CARD.gap) / CARD.cols;
const CHART_H = 190;

/** A section's drawing: its height (to keep it on one page) and how to draw it at y. */
interface Block {
  height: number;
  draw: (y: number) => void;
}

function cardHeight(doc: Doc, f: ReportFigure): number {
  const inner = CARD_W - 2 * CARD.pad;
  return CARD.pad + measure(doc, f.label, { size: 8.5, weight: "bold", width: inner }) + 2 + 20 + measure(doc, "x", { size: 8 }) + 3 +
    measure(doc, f.definition, { size: 6.5, width: inner }) + CARD.pad;
}

function figuresBlock(doc: Doc, figures: readonly ReportFigure[]): Block {
  const rows: ReportFigure[][] = [];
  for (let i = 0; i < figures.length; i += CARD.cols) rows.push(figures.slice(i, i + CARD.cols));
  const rowHeights = rows.map((row) => Math.max(...row.map((f) => cardHeight(doc, f))));
  const height = rowHeights.reduce((a, h) => a + h, 0) + Math.max(0, rows.length - 1) * CARD.gap;
  return {
    height: figures.length === 0 ? measure(doc, "No figures.", { size: 9 }) : height,
    draw: (top) => {
      if (figures.length === 0) {
        write(doc, "No figures.", PAGE.margin, top, { size: 9, color: MUTED });
        return;
      }
      let y = top;
      rows.forEach((row, r) => {
        const h = rowHeights[r]!;
        row.forEach((f, c) => {
          const x = PAGE.margin + c * (CARD_W + CARD.gap);
          doc.save().lineWidth(0.6).roundedRect(x, y, CARD_W, h, 4).stroke(RULE).restore();
          const inner = CARD_W - 2 * CARD.pad;
          let cy = y + CARD.pad;
          cy += write(doc, f.label, x + CARD.pad, cy, { size: 8.5, weight: "bold", width: inner, color: MUTED }) + 2;
          write(doc, formatFigure(f.value, f.unit), x + CARD.pad, cy, { size: 15, weight: "bold", width: inner, lineBreak: false });
          cy += 20;
          const change = formatChange(f);
          const good = change.direction === null || change.direction === "flat" || f.better === "neutral"
            ? MUTED
            : (change.direction === "up") === (f.better === "up") ? GOOD : BAD;
          cy += write(doc, change.text, x + CARD.pad, cy, { size: 8, color: good, width: inner }) + 3;
          write(doc, f.definition, x + CARD.pad, cy, { size: 6.5, color: MUTED, width: inner });
        });
        y += h + CARD.gap;
      });
    },
  };
}

/** Round axis bounds: 0 (or the least value) to a nice maximum in ~4 steps. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const lo = Math.min(0, min);
  const hi = max <= lo ? lo + 1 : max;
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const start = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  for (let t = start; t < hi + step - 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

function xLabel(x: string, kind: "day" | "week" | "month" | "category", calendar: CalendarSystem): string {
  if (kind === "month") return formatDayIn(x, calendar);
  if (kind === "category") return x;
  return x.slice(5); // MM-DD
}

function chartBlock(doc: Doc, data: Extract<SectionData, { kind: "chart" }>, calendar: CalendarSystem): Block {
  const legendH = data.series.length > 0 ? 14 * Math.ceil(data.series.length / 4) : 0;
  const defH = measure(doc, data.definition, { size: 7 });
  const height = CHART_H - 14 + legendH + 4 + defH;
  return {
    height,
    draw: (top) => {
      const xs = [...new Set(data.series.flatMap((s) => s.points.map((p) => p.x)))];
      if (data.x !== "category") xs.sort();
      const values = data.series.flatMap((s) => s.points.map((p) => p.y)).filter((v): v is number => v !== null);
      const axisW = 46;
      const plot = { x: PAGE.margin + axisW, y: top + 6, w: CONTENT_W - axisW - 6, h: CHART_H - 36 };
      if (xs.length === 0 || values.length === 0) {
        doc.save().lineWidth(0.6).rect(plot.x, plot.y, plot.w, plot.h).stroke(RULE).restore();
        write(doc, "No data in this range.", plot.x, plot.y + plot.h / 2 - 6, { size: 9, color: MUTED, width: plot.w, align: "center" });
      } else {
        const ticks = niceTicks(Math.min(...values), Math.max(...values));
        const lo = ticks[0]!;
        const hi = ticks[ticks.length - 1]!;
        const yAt = (v: number) => plot.y + plot.h - ((v - lo) / (hi - lo || 1)) * plot.h;
        // Grid and y axis labels.
        for (const t of ticks) {
          const y = yAt(t);
          doc.save().lineWidth(0.4).moveTo(plot.x, y).lineTo(plot.x + plot.w, y).stroke(t === 0 ? "#9ca3af" : "#e5e7eb").restore();
          const label = formatAxis(t, data.unit);
          write(doc, label, plot.x - 4 - widthOf(doc, label, 7), y - 4, { size: 7, color: MUTED, lineBreak: false });
        }
        doc.save().lineWidth(0.6).moveTo(plot.x, plot.y).lineTo(plot.x, plot.y + plot.h).lineTo(plot.x + plot.w, plot.y + plot.h).stroke("#9ca3af").restore();
        const band = plot.w / xs.length;
        const xAt = (i: number) => plot.x + band * (i + 0.5);
        // X labels: as many as fit without touching.
        const every = Math.max(1, Math.ceil(xs.length / Math.max(1, Math.floor(plot.w / 48))));
        xs.forEach((x, i) => {
          if (i % every !== 0) return;
          const label = xLabel(x, data.x, calendar);
          const w = Math.min(widthOf(doc, label, 7), band * every - 2);
          write(doc, label, xAt(i) - w / 2, plot.y + plot.h + 4, { size: 7, color: MUTED, width: Math.max(w, 10), lineBreak: false });
        });
        data.series.forEach((s, si) => {
          const color = PALETTE[si % PALETTE.length]!;
          const byX = new Map(s.points.map((p) => [p.x, p.y]));
          if (data.chart === "bar") {
            const n = data.series.length;
            const bw = Math.max(1, (band * 0.8) / n);
            xs.forEach((x, i) => {
              const v = byX.get(x);
              if (v === undefined || v === null) return;
              const bx = xAt(i) - (band * 0.8) / 2 + si * bw;
              const y0 = yAt(Math.max(lo, 0));
              const y1 = yAt(v);
              doc.save().rect(bx, Math.min(y0, y1), bw, Math.max(0.5, Math.abs(y0 - y1))).fill(color).restore();
            });
          } else {
            doc.save().lineWidth(1.3).strokeColor(color);
            let open = false;
            xs.forEach((x, i) => {
              const v = byX.get(x);
              if (v === undefined || v === null) {
                open = false;
                return;
              }
              if (open) doc.lineTo(xAt(i), yAt(v));
              else doc.moveTo(xAt(i), yAt(v));
              open = true;
            });
            doc.stroke().restore();
            if (xs.length <= 40) {
              xs.forEach((x, i) => {
                const v = byX.get(x);
                if (v !== undefined && v !== null) doc.save().circle(xAt(i), yAt(v), 1.4).fill(color).restore();
              });
            }
          }
        });
      }
      // Legend.
      let lx = PAGE.margin + axisW;
      let ly = top + CHART_H - 14;
      data.series.forEach((s, si) => {
        const w = 14 + widthOf(doc, s.name, 8) + 16;
        if (lx + w > PAGE.margin + CONTENT_W) {
          lx = PAGE.margin + axisW;
          ly += 14;
        }
        doc.save().rect(lx, ly + 2, 9, 6).fill(PALETTE[si % PALETTE.length]!).restore();
        write(doc, s.name, lx + 13, ly, { size: 8, lineBreak: false, width: w });
        lx += w;
      });
      write(doc, data.definition, PAGE.margin, top + CHART_H - 14 + legendH + 4, { size: 7, color: MUTED });
    },
  };
}

function textBlock(doc: Doc, text: string): Block {
  const style: TextStyle = { size: 10, color: INK };
  const body = text.trim() === "" ? " " : text;
  return { height: measure(doc, body, style), draw: (y) => void write(doc, body, PAGE.margin, y, style) };
}

function sectionBlock(doc: Doc, title: string | null, sub: string | null, body: Block): Block {
  const titleH = title === null ? 0 : measure(doc, title, { size: TITLE_SIZE, weight: "bold" }) + 2;
  const subH = sub === null ? 0 : measure(doc, sub, { size: 8 }) + 6;
  return {
    height: titleH + subH + (title === null ? 0 : 4) + body.height,
    draw: (top) => {
      let y = top;
      if (title !== null) y += write(doc, title, PAGE.margin, y, { size: TITLE_SIZE, weight: "bold" }) + 2;
      if (sub !== null) y += write(doc, sub, PAGE.margin, y, { size: 8, color: MUTED }) + 6;
      if (title !== null) y += 4;
      body.draw(y);
    },
  };
}

const rangeText = (start: string, end: string, calendar: CalendarSystem) => `${formatDayIn(start, calendar)} – ${formatDayIn(end, calendar)}`;

function blockOf(doc: Doc, report: Report, result: SectionResult | undefined, section: Report["sections"][number], calendar: CalendarSystem): Block {
  if (section.type === "text") return sectionBlock(doc, null, null, textBlock(doc, section.text));
  if (result === undefined) return sectionBlock(doc, section.title ?? section.source, null, textBlock(doc, "This section has no data."));
  if (result.status === "unavailable") {
    return sectionBlock(doc, result.title, null, textBlock(doc, result.reason));
  }
  const sub = `${result.brand !== report.brand ? `${result.brand} · ` : ""}${rangeText(result.start, result.end, calendar)} · compared with ${rangeText(result.previousStart, result.previousEnd, calendar)}`;
  const body = result.data.kind === "figures" ? figuresBlock(doc, result.data.figures) : chartBlock(doc, result.data, calendar);
  return sectionBlock(doc, result.title, sub, body);
}

/** The report as PDF bytes. */
export function renderReportPdf({ report, data, generatedAt, calendar = "gregorian" }: ReportPdfInput): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    // Text that flows onto a next page stops above the footer.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + PAGE.footer },
    bufferPages: true,
    info: { Title: report.title, Author: report.owner.name, Subject: `${report.brand} ${rangeText(data.start, data.end, calendar)}`, Producer: "brand-dashboard" },
  });
  doc.registerFont(FONT.regular.latin, fontFile("latin", 400));
  doc.registerFont(FONT.regular.thai, fontFile("thai", 400));
  doc.registerFont(FONT.bold.latin, fontFile("latin", 600));
  doc.registerFont(FONT.bold.thai, fontFile("thai", 600));
  const chunks: Uint8Array[] = [];
  doc.on("data", (c) => chunks.push(c));
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });

  // Header.
  let y = PAGE.margin;
  y += write(doc, report.title, PAGE.margin, y, { size: 20, weight: "bold" }) + 4;
  y += write(doc, report.brand, PAGE.margin, y, { size: 12, weight: "bold", color: "#2563eb" }) + 2;
  y += write(doc, rangeText(data.start, data.end, calendar), PAGE.margin, y, { size: 10 }) + 2;
  y += write(doc, `Generated ${formatDayIn(bangkokDateTime(generatedAt), calendar)} (Bangkok) · by ${report.owner.name}`, PAGE.margin, y, { size: 8, color: MUTED }) + 2;
  y += write(doc, calendarLine(calendar), PAGE.margin, y, { size: 8, color: MUTED }) + 8;
  doc.save().lineWidth(0.8).moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_W, y).stroke(RULE).restore();
  y += SECTION_GAP - 4;

  const results = new Map(data.sections.map((s) => [s.id, s]));
  const top = PAGE.margin;
  for (const section of report.sections) {
    const block = blockOf(doc, report, results.get(section.id), section, calendar);
    const fitsOnAPage = block.height <= BOTTOM - top;
    if (y + block.height > BOTTOM && y > top) {
      // A section that fits on a page never starts where it would overflow; a longer one starts on a new page too.
      doc.addPage();
      y = top;
    }
    block.draw(y);
    // A longer section (a long text block) flowed onto the next pages: carry on after its end.
    y = (fitsOnAPage ? y + block.height : doc.y) + SECTION_GAP;
  }
  if (report.sections.length === 0) write(doc, "This report has no sections yet.", PAGE.margin, y, { size: 10, color: MUTED });

  // Footer on every page: the brand and "Page N of M".
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const fy = PAGE.height - PAGE.margin + 6;
    doc.save().lineWidth(0.5).moveTo(PAGE.margin, fy - 6).lineTo(PAGE.margin + CONTENT_W, fy - 6).stroke(RULE).restore();
    write(doc, `${report.brand} · ${report.title}`, PAGE.margin, fy, { size: 8, color: MUTED, width: CONTENT_W * 0.7, lineBreak: false });
    const label = `Page ${i + 1} of ${range.count}`;
    write(doc, label, PAGE.margin + CONTENT_W - widthOf(doc, label, 8) - 1, fy, { size: 8, color: MUTED, lineBreak: false, width: widthOf(doc, label, 8) + 2 });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return finished;
}
