/**
 * Reads an ads file of any supported layout: a Meta Ads Manager report, a TikTok Ads Manager
 * report (CSV or XLSX), or the documented ads CSV (docs/ads-import.md). The layout is recognised
 * from the header row, never from the file name. The file is read row by row with the orders
 * import's table reader (`../orders/table.ts`: encodings, delimiter, the first sheet of a
 * workbook, only the columns read kept), as the social import does. Pure: no storage, no HTTP.
 */
import type { AdObjective, CampaignStatus } from "../../../domain/adsContract";
import { findColumn, headerIndex } from "../normalize";
import { readOrdersTable } from "../orders/table";
import { ROWS_PER_STEP, runSteps, type Step } from "../slices";
import { FileRefusedError } from "../types";
import { sortIssues } from "../social";
import { resultKindOf } from "./cells";
import { documentedAdsFormat } from "./documented";
import { metaAdsFormat } from "./meta";
import { tiktokAdsFormat } from "./tiktok";
import type { AdDraft, AdRowDraft, AdsFileSummary, AdSetDraft, AdsFormatSpec, CampaignDraft, ParseContext, ParsedAds, RowIssue } from "./types";

export { FileRefusedError } from "../types";
export { UnreadableFileError } from "../sheet";
export type { AdDraft, AdRowDraft, AdsFileSummary, AdSetDraft, CampaignDraft, ParseContext, ParsedAds, RowIssue } from "./types";

export const ADS_FORMATS: readonly AdsFormatSpec[] = [documentedAdsFormat, tiktokAdsFormat, metaAdsFormat];

export const UNRECOGNISED_ADS =
  "is not a recognised ads file: expected a Meta Ads Manager report at ad level with the Day breakdown (Day, Campaign name, Ad set name, Ad name, " +
  "Ad ID, Amount spent (THB), Impressions, …), a TikTok Ads Manager report (By Day, Campaign name, Ad group name, Ad name, Ad ID, Cost, " +
  "Impressions, …), or the documented ads CSV (day, campaign_id, campaign_name, ad_set_id, ad_set_name, ad_id, ad_name, spend, impressions, …), as CSV or XLSX";

/**
 * Rows handed over per chunk by {@link parseAdsSteps}: few, so that a row is handed over soon after
 * it is read (as the social import's posts).
 */
export const ROWS_PER_CHUNK = 500;

/** Reads an ads file all at once (tests, tools): {@link parseAdsSteps} without its pauses, its rows gathered. */
export function parseAdsFile(bytes: Uint8Array, ctx: ParseContext): ParsedAds {
  const { chunks, result } = runSteps(parseAdsSteps(bytes, ctx));
  return { ...result, rows: chunks };
}

interface CampaignSeen {
  name: string;
  nameDay: string;
  line: number;
  objective: AdObjective | null;
  /** Results per objective their result type tells, for a campaign without an objective column. */
  told: Map<AdObjective, number>;
  status: CampaignStatus | null;
  statusDay: string;
}

/**
 * Reads an ads file row by row, pausing after every {@link ROWS_PER_STEP} rows (the server answers
 * other requests between the steps: `../slices.ts`) and handing over the rows read as chunks of
 * {@link ROWS_PER_CHUNK}. Campaigns, ad sets and ads (few) come with the rest of the result, once
 * the file is read: a campaign's objective may be told by its last row. Every row is checked; a
 * bad one is in `errors` of the result (rows may have been handed over already: the caller writes
 * nothing then).
 *
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 */
export function* parseAdsSteps(bytes: Uint8Array, ctx: ParseContext): Generator<Step<AdRowDraft>, AdsFileSummary, void> {
  if (bytes.length === 0) throw new FileRefusedError("is empty");
  const table = readOrdersTable(bytes, (cells) => {
    const index = headerIndex(cells);
    return ADS_FORMATS.some((f) => f.matches(index));
  });
  for (let h = 0; h < table.head.length; h++) {
    const headerRow = table.head[h]!;
    const index = headerIndex(headerRow.cells);
    const spec = ADS_FORMATS.find((f) => f.matches(index));
    if (!spec) continue;
    const refusal = spec.refuse?.(index) ?? null;
    if (refusal !== null) throw new FileRefusedError(refusal, headerRow.line);

    const original: Record<string, number | undefined> = {};
    for (const [field, aliases] of Object.entries(spec.fields)) original[field] = findColumn(index, aliases);
    const missing = spec.required.filter((f) => original[f] === undefined);
    if (missing.length > 0) {
      const names = missing.map((f) => spec.fields[f]!.join(" / ")).join(", ");
      throw new FileRefusedError(`looks like ${spec.label} but has no ${missing.length === 1 ? "column" : "columns"} ${names}`, headerRow.line);
    }
    // Only the columns read are kept from each row.
    const used = [...new Set(Object.values(original).filter((i): i is number => i !== undefined))];
    const col: Record<string, number | undefined> = {};
    for (const [field, i] of Object.entries(original)) col[field] = i === undefined ? undefined : used.indexOf(i);
    const headerText = (field: string) => {
      const i = original[field];
      return i === undefined ? (spec.fields[field]?.[0] ?? field) : (headerRow.cells[i] ?? "").trim() || field;
    };

    const notes: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const read = spec.reader(col, ctx, notes, headerText);
    const campaigns = new Map<string, CampaignSeen>();
    const adSets = new Map<string, AdSetDraft & { line: number; nameDay: string }>();
    const ads = new Map<string, AdDraft & { line: number; nameDay: string }>();
    // Only the keys of the rows read are kept (to find an ad and day given twice), not the rows.
    const firstLineOf = new Map<string, number>();
    let chunk: AdRowDraft[] = [];
    let rows = 0;
    for (const { row, issue } of table.rows(h, used)) {
      if (++rows % ROWS_PER_STEP === 0) yield;
      if (row === undefined) {
        errors.push(issue);
        continue;
      }
      const r = read(row);
      if ("refused" in r) {
        errors.push({ line: row.line, reason: r.refused });
        continue;
      }
      if ("skipped" in r) {
        notes.push({ line: row.line, reason: r.skipped });
        continue;
      }
      const problems: string[] = [];
      const key = `${r.adId}\u0000${r.day}`;
      const first = firstLineOf.get(key);
      if (first !== undefined) {
        problems.push(`ad ${r.adId} on ${r.day} is already on line ${first}: export with the breakdown by day only (no age, gender, placement or other breakdown)`);
      } else firstLineOf.set(key, r.line);
      const ad = ads.get(r.adId);
      if (ad === undefined) ads.set(r.adId, { id: r.adId, campaignId: r.campaignId, adSetId: r.adSetId, name: r.adName, format: r.format, line: r.line, nameDay: r.day });
      else if (ad.adSetId !== r.adSetId) problems.push(`ad ${r.adId} is in ad set ${r.adSetId} here but in ${ad.adSetId} on line ${ad.line}`);
      const set = adSets.get(r.adSetId);
      if (set === undefined) {
        adSets.set(r.adSetId, {
          id: r.adSetId, campaignId: r.campaignId, name: r.adSetName, budgetSatang: r.budgetSatang, budgetKind: r.budgetKind, optimisationGoal: r.optimisationGoal,
          line: r.line, nameDay: r.day,
        });
      } else if (set.campaignId !== r.campaignId) problems.push(`ad set ${r.adSetId} is in campaign ${r.campaignId} here but in ${set.campaignId} on line ${set.line}`);
      if (problems.length > 0) {
        errors.push({ line: r.line, reason: problems.join("; ") });
        continue;
      }
      let c = campaigns.get(r.campaignId);
      if (c === undefined) {
        c = { name: r.campaignName, nameDay: r.day, line: r.line, objective: r.objective, told: new Map(), status: r.status, statusDay: r.day };
        campaigns.set(r.campaignId, c);
      }
      // The latest day's name and status; the first objective the rows name.
      if (r.day >= c.nameDay) [c.name, c.nameDay] = [r.campaignName, r.day];
      if (r.status !== null && (c.status === null || r.day >= c.statusDay)) [c.status, c.statusDay] = [r.status, r.day];
      c.objective ??= r.objective;
      const kind = resultKindOf(r.resultType);
      if (kind) c.told.set(kind.objective, (c.told.get(kind.objective) ?? 0) + Math.max(r.results, 1));
      // Ads and ad sets too take the latest day's name (and an ad set its latest budget).
      const a = ads.get(r.adId)!;
      if (r.day > a.nameDay) Object.assign(a, { name: r.adName, nameDay: r.day, format: r.format ?? a.format });
      const s = adSets.get(r.adSetId)!;
      if (r.day > s.nameDay) {
        Object.assign(s, { name: r.adSetName, nameDay: r.day, optimisationGoal: r.optimisationGoal ?? s.optimisationGoal });
        if (r.budgetSatang !== null) Object.assign(s, { budgetSatang: r.budgetSatang, budgetKind: r.budgetKind });
      }
      chunk.push(r);
      if (chunk.length === ROWS_PER_CHUNK) {
        yield chunk;
        chunk = [];
      }
    }
    if (rows === 0) throw new FileRefusedError(`has the header of ${spec.label} (line ${headerRow.line}) but no rows below it`, headerRow.line);
    if (chunk.length > 0) yield chunk;

    let guessed = 0;
    const campaignDrafts: CampaignDraft[] = [];
    for (const [id, c] of campaigns) {
      let objective = c.objective;
      if (objective === null) {
        const best = [...c.told].sort((a, b) => b[1] - a[1])[0];
        objective = best?.[0] ?? null;
      }
      // An engagement campaign whose results are conversations is a messages campaign (Meta's ODAX puts messaging under Engagement).
      if (objective === "engagement" && (c.told.get("messages") ?? 0) > 0 && c.told.size === 1) objective = "messages";
      if (objective === null) {
        guessed++;
        objective = "awareness";
      }
      campaignDrafts.push({ id, name: c.name, objective, status: c.status });
    }
    if (guessed > 0) {
      notes.push({ line: 0, reason: `${guessed} ${guessed === 1 ? "campaign has" : "campaigns have"} neither an objective nor results that tell one: stored as awareness` });
    }
    if ([...campaigns.values()].some((c) => c.status === null)) {
      notes.push({ line: 0, reason: "campaigns without a delivery or status column value are active when their last day is today or yesterday, else ended" });
    }
    return {
      format: spec.format, label: spec.label, channel: spec.channel, encoding: table.encoding,
      campaigns: campaignDrafts,
      adSets: [...adSets.values()].map(({ line: _l, nameDay: _d, ...s }) => s),
      ads: [...ads.values()].map(({ line: _l, nameDay: _d, ...a }) => a),
      errors: sortIssues(errors), notes: sortIssues(notes),
    };
  }
  throw new FileRefusedError(UNRECOGNISED_ADS);
}

/** Whether a header row (its cells) is one of an ads layout: the file is then for the ads import. */
export function isAdsImportHeader(cells: readonly string[]): boolean {
  const index = headerIndex(cells);
  return ADS_FORMATS.some((f) => f.matches(index));
}
