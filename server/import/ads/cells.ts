/**
 * Reading the cells of the ads exports: ids, money (baht → satang), counts, days, and the words
 * the platforms use for objectives, delivery and result types, mapped onto the app's lists
 * (`AD_OBJECTIVES`, `CAMPAIGN_STATUSES` in domain/adsContract.ts). Numbers, dates and cleaning are
 * the shared rules of every import (`../normalize.ts`, `../sheet.ts`); docs/ads-import.md lists
 * every word read.
 */
import { createHash } from "node:crypto";
import { satangOf } from "../../../domain/ads";
import { isDay } from "../../../domain/calendarDays";
import type { AdObjective, CampaignStatus } from "../../../domain/adsContract";
import type { MetricKey } from "../../../domain/metrics";
import type { RowCheck } from "../social/cells";
import { cleanCell, dayOf, parseNumberCell } from "../normalize";

export { RowCheck } from "../social/cells";

const shown = (text: string) => JSON.stringify(text.slice(0, 40));

/** The earliest day an ad day may have. */
export const FIRST_AD_DAY = "2000-01-01";

/** A platform id (Meta, TikTok): digits; one a spreadsheet rounded (`1.2021E+17`) is named as such. */
export function platformId(raw: string | undefined, column: string, check: RowCheck): string | null {
  const text = cleanCell(raw);
  if (/^\d{1,30}$/.test(text)) return text;
  if (text === "") return check.fail(column, "is empty");
  if (/^\d(\.\d+)?e\+?\d+$/i.test(text)) return check.fail(column, `${text} was rounded by a spreadsheet; export again, or format the column as text`);
  return check.fail(column, `${shown(text)} is not an id (digits only)`);
}

/** An id of the documented CSV: 1–64 letters, digits, `_ . : -`. */
export function textId(raw: string | undefined, column: string, check: RowCheck): string | null {
  const text = cleanCell(raw);
  if (/^[A-Za-z0-9_.:-]{1,64}$/.test(text)) return text;
  if (text === "") return check.fail(column, "is empty");
  return check.fail(column, `${shown(text)} is not an id (1–64 letters, digits, _ . : -)`);
}

/**
 * The id of a campaign or ad set a report names but gives no id column for: made from the account
 * and the names, so that the same names in the same account are the same entity on every import.
 */
export function idFromNames(account: string, kind: "campaign" | "adset", ...names: string[]): string {
  return `${kind === "campaign" ? "c" : "s"}-${createHash("sha256").update([account, kind, ...names].join("\u001f")).digest("hex").slice(0, 24)}`;
}

/** A name (campaign, ad set, ad): cleaned, at most 500 characters; empty refused. */
export function nameCell(raw: string | undefined, column: string, check: RowCheck): string {
  const text = cleanCell(raw);
  if (text === "") check.fail(column, "is empty");
  return text.slice(0, 500);
}

/** Plain digits (most cells of a large report): read without the general number rules. */
const DIGITS = /^\d{1,15}$/;
const DECIMAL = /^\d{1,13}\.\d{1,6}$/;

/** Baht (`1,234.50`, `฿1,234.50`) → satang, rounded half away from zero; empty is 0. */
export function moneyCell(raw: string | undefined, column: string, check: RowCheck): number | null {
  if (raw !== undefined && (DIGITS.test(raw) || DECIMAL.test(raw))) return satangOf(Number(raw));
  const num = parseNumberCell(raw ?? "");
  if (!num.ok) return check.fail(column, num.reason);
  if (num.value === null) return 0;
  if (num.value < 0) return check.fail(column, `${shown(cleanCell(raw))} is negative`);
  return satangOf(num.value);
}

/** Baht or nothing: null when empty (a purchase value the export does not give). */
export function optionalMoneyCell(raw: string | undefined, column: string, check: RowCheck): number | null {
  if (raw !== undefined && (DIGITS.test(raw) || DECIMAL.test(raw))) return satangOf(Number(raw));
  const num = parseNumberCell(raw ?? "");
  if (!num.ok) return check.fail(column, num.reason);
  if (num.value === null) return null;
  if (num.value < 0) return check.fail(column, `${shown(cleanCell(raw))} is negative`);
  return satangOf(num.value);
}

/** A count: whole, not negative; empty (or `-`, `--`, `<5`) is 0. */
export function countCell(raw: string | undefined, column: string, check: RowCheck): number {
  if (raw !== undefined && DIGITS.test(raw)) return Number(raw);
  const num = parseNumberCell(raw ?? "");
  if (!num.ok) return check.fail(column, num.reason) ?? 0;
  if (num.value === null) return 0;
  if (!Number.isInteger(num.value)) return check.fail(column, `${shown(cleanCell(raw))} is not a whole number`) ?? 0;
  if (num.value < 0) return check.fail(column, `${shown(cleanCell(raw))} is negative`) ?? 0;
  return num.value;
}

/** A day (YYYY-MM-DD, DD/MM/YYYY, an Excel serial or date cell), not after today nor before {@link FIRST_AD_DAY}. */
export function dayCell(raw: string | undefined, column: string, today: string, check: RowCheck): string | null {
  const text = cleanCell(raw);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && isDay(text) && text <= today && text >= FIRST_AD_DAY) return text;
  if (text === "") return check.fail(column, "is empty");
  const day = dayOf(text);
  if (day === null) return check.fail(column, `${shown(text)} is not a date like 2025-09-01`);
  if (!isDay(day)) return check.fail(column, `${shown(text)} is not a date that exists`);
  if (day > today) return check.fail(column, `${day} is after today (${today}, Bangkok)`);
  if (day < FIRST_AD_DAY) return check.fail(column, `${day} is before ${FIRST_AD_DAY}`);
  return day;
}

/** A currency cell: empty or THB; anything else refuses the row. */
export function currencyCell(raw: string | undefined, column: string, check: RowCheck): void {
  const text = cleanCell(raw).toUpperCase();
  if (text !== "" && text !== "THB") check.fail(column, `${text} is not THB: only accounts that spend in THB can be imported`);
}

// --- Words -------------------------------------------------------------------------------------

/**
 * A function of a cell's text, remembered per text: a report repeats a few objective, delivery
 * and result type words on every one of its 100,000 rows.
 */
function remembered<T>(fn: (raw: string | undefined) => T): (raw: string | undefined) => T {
  const seen = new Map<string, T>();
  return (raw) => {
    const key = raw ?? "";
    const hit = seen.get(key);
    if (hit !== undefined || seen.has(key)) return hit as T;
    const value = fn(raw);
    if (seen.size < 1000) seen.set(key, value);
    return value;
  };
}

/** A word as it is looked up: lower case, `OUTCOME_` dropped, underscores and runs of spaces as one space. */
export const wordOf = (raw: string | undefined): string =>
  cleanCell(raw).toLowerCase().replace(/^outcome_/, "").replace(/[_\s]+/g, " ").trim();

/**
 * Objectives as the exports write them → AD_OBJECTIVES: Meta's ODAX names (Sales, Leads, …; the
 * API's OUTCOME_SALES, …), Meta's legacy ones (Conversions, Link clicks, Messages, …) and TikTok's
 * (Website conversions, Product sales, Community interaction, …). Thai words marked (assumed) in
 * docs/ads-import.md are Meta's Thai interface words, not seen in an export.
 */
const OBJECTIVE_WORDS: ReadonlyArray<readonly [AdObjective, readonly string[]]> = [
  ["sales", ["sales", "conversions", "conversion", "website conversions", "web conversions", "product sales", "catalog sales", "product catalog sales",
    "shop purchases", "tiktok shop purchases", "video shopping", "live shopping", "ยอดขาย", "การขาย", "การแปลง"]],
  ["leads", ["leads", "lead generation", "lead gen", "ลูกค้าเป้าหมาย", "การสร้างลูกค้าเป้าหมาย"]],
  ["messages", ["messages", "message", "messaging", "ข้อความ"]],
  ["traffic", ["traffic", "link clicks", "store traffic", "store visits", "ปริมาณการเข้าชม"]],
  ["engagement", ["engagement", "post engagement", "page likes", "event responses", "community interaction", "การมีส่วนร่วม"]],
  ["video_views", ["video views", "video view", "การดูวิดีโอ"]],
  ["awareness", ["awareness", "brand awareness", "reach", "rf reach", "reach and frequency", "การรับรู้", "การเข้าถึง"]],
  ["app_promotion", ["app promotion", "app installs", "app install", "app engagement", "mobile app installs", "การโปรโมทแอป", "การโปรโมทแอพ"]],
];
const OBJECTIVE_OF = new Map<string, AdObjective>(OBJECTIVE_WORDS.flatMap(([o, words]) => words.map((w) => [w, o] as const)));

/** The objective a cell names; null when it names none. */
export const objectiveOf = remembered((raw): AdObjective | null => OBJECTIVE_OF.get(wordOf(raw)) ?? null);

/** Notes an objective word the import does not know, once per word (the campaign's objective is then inferred). */
export function objectiveNotes(notes: Array<{ line: number; reason: string }>): (text: string, line: number) => void {
  const seen = new Set<string>();
  return (text, line) => {
    if (seen.has(text) || seen.size >= 20) return;
    seen.add(text);
    notes.push({ line, reason: `objective ${JSON.stringify(text.slice(0, 60))} is not one this import knows: the campaign's objective is inferred from its results` });
  };
}

/**
 * Delivery and status words of both platforms → CAMPAIGN_STATUSES. Meta's delivery column writes
 * active, inactive, not_delivering, completed, recently_completed, archived, deleted, …; TikTok's
 * primary status Active, Inactive, Not delivering, Completed, Paused, ….
 */
const STATUS_WORDS: ReadonlyArray<readonly [CampaignStatus, readonly string[]]> = [
  ["active", ["active", "delivering", "learning", "learning limited", "in review", "pending review", "scheduled", "ใช้งานอยู่", "กำลังแสดง"]],
  ["paused", ["paused", "inactive", "off", "not delivering", "campaign paused", "campaign off", "ad set paused", "adset paused", "disabled",
    "account disabled", "rejected", "with issues", "หยุดชั่วคราว", "ปิดอยู่", "ไม่ได้ใช้งาน"]],
  ["ended", ["completed", "recently completed", "ended", "archived", "deleted", "done", "เสร็จสมบูรณ์", "สิ้นสุดแล้ว"]],
];
const STATUS_OF = new Map<string, CampaignStatus>(STATUS_WORDS.flatMap(([s, words]) => words.map((w) => [w, s] as const)));

/** The status a cell names; null when it names none (or is empty). */
export const statusOf = remembered((raw): CampaignStatus | null => STATUS_OF.get(wordOf(raw)) ?? null);

/** Budget kinds: Meta's `Ad set budget type` (Daily, Lifetime), TikTok's budget mode (BUDGET_MODE_DAY, …). */
export const budgetKindOf = remembered((raw): "daily" | "lifetime" | null => {
  const w = wordOf(raw);
  if (/^(daily|day|budget mode day|รายวัน)$/.test(w)) return "daily";
  if (/^(lifetime|total|budget mode total|ตลอดอายุ)$/.test(w)) return "lifetime";
  return null;
});

/**
 * Result types: a Meta result indicator (`actions:offsite_conversion.fb_pixel_purchase`) or a
 * result type word (Purchases, Leads…), a TikTok conversion column. Each has a readable name (what
 * is stored), the KPI metric its results count for (`metrics` of plan ads), and the objective it
 * tells when the export has no objective column. First match wins.
 */
export const RESULT_KINDS: ReadonlyArray<{ readonly pattern: RegExp; readonly name: string; readonly metric: MetricKey | null; readonly objective: AdObjective }> = [
  { pattern: /purchase|complete_?payment|complete payment|การซื้อ|\(shop\)/i, name: "Purchases", metric: "conversion", objective: "sales" },
  { pattern: /messag|conversation|ข้อความ/i, name: "Messaging conversations started", metric: "inbox", objective: "messages" },
  { pattern: /lead|ลูกค้าเป้าหมาย/i, name: "Leads", metric: "leadgen", objective: "leads" },
  { pattern: /conversion|การแปลง/i, name: "Conversions", metric: "conversion", objective: "sales" },
  { pattern: /landing_?page|landing page/i, name: "Landing page views", metric: null, objective: "traffic" },
  { pattern: /link_?click|link click|destination|การคลิกลิงก์/i, name: "Link clicks", metric: null, objective: "traffic" },
  { pattern: /thruplay|video_?view|video view|video play|focused view|การดูวิดีโอ/i, name: "Video views", metric: null, objective: "video_views" },
  { pattern: /app_?install|app install|mobile_app|app event/i, name: "App installs", metric: null, objective: "app_promotion" },
  { pattern: /engagement|page_?like|like|follow|การมีส่วนร่วม/i, name: "Post engagements", metric: "engagement", objective: "engagement" },
  { pattern: /reach|impression|ad_?recall|การเข้าถึง/i, name: "Reach", metric: null, objective: "awareness" },
];

export type ResultKind = (typeof RESULT_KINDS)[number];

/** The kind of a result type text; undefined when none matches. */
const kindOf = remembered((text): ResultKind | null => RESULT_KINDS.find((k) => k.pattern.test(text ?? "")) ?? null);
export const resultKindOf = (text: string | null): ResultKind | undefined => (text === null ? undefined : (kindOf(text) ?? undefined));

/**
 * The result type as stored: a Meta action name (`actions:…_purchase`) as its readable name, any
 * other text as written (at most 100 characters); null when empty.
 */
export const resultTypeOf = remembered((raw): string | null => {
  const text = cleanCell(raw);
  if (text === "" || text === "-" || text === "--") return null;
  if (/^[a-z0-9_:.]+$/.test(text) && /[_:.]/.test(text)) return resultKindOf(text)?.name ?? text.slice(0, 100);
  return text.slice(0, 100);
});

/** The KPI metric the results of an objective count for when the result type does not say. */
export const OBJECTIVE_RESULT_METRIC: Readonly<Partial<Record<AdObjective, MetricKey>>> = { sales: "conversion", leads: "leadgen", messages: "inbox", engagement: "engagement" };
