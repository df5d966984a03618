/**
 * Ads & Automation (issue 15): the brand's automation rules and the alerts they raise
 * (docs/ads.md#automation-rules). Rules are shared by the brand's users with permission 5; every
 * write is appended to the event log (entities 'ads_rule' and 'ads_alert') in the transaction
 * that changes the current state, like the templates.
 *
 * Evaluation (`evaluateBrandRules`) reads the brand's ad days once, per campaign and day from
 * `firstDayRead(start)` (windows reach back before the range), and the Ads budget planned for
 * each day (pacing), then runs `rulesEvaluator` (domain/adsRules.ts) for each rule. The alerts of
 * the range are then made to match: a day whose condition holds gets its alert (or its value
 * updated, the acknowledgement kept); an unacknowledged alert whose condition no longer holds is
 * removed; an acknowledged one stays, as history.
 *
 * Pacing's plan: the KPI templates of the brand's users (kpi_templates are per user), their Ads
 * plan's monthly periods (`ADS.setMonth`); each period's budget is spread evenly over its days,
 * and a day covered by several templates takes the most recently saved one's.
 */
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import type { AdSums } from "../../domain/ads";
import {
  MAX_ALERTS_ANSWERED,
  type AdsAlertRecord, type AdsAlertsRequest, type AdsRule, type UpsertAdsRuleRequest,
} from "../../domain/adsContract";
import {
  firstDayRead, ruleProblems, ruleText, rulesEvaluator,
  type AdChannel, type AdsRuleCondition, type AdsRuleDraft, type AdsRuleScope, type CampaignDays, type RuleMetric,
} from "../../domain/adsRules";
import { toAmountNumber } from "../../domain/kpi";
import type { KpiTemplate } from "../../domain/entities";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { appendEvent } from "./events";
import { userBrandId } from "./ads";

/** Days a new or changed rule is evaluated over at once: the year up to today. */
export const RULE_FIRST_EVALUATION_DAYS = 365;
/** After an import, the rules are evaluated from its first day to its last + this many days (windows ending later read its days). */
export const IMPORT_EVALUATION_TAIL_DAYS = 180;

interface RuleRow {
  id: number;
  name: string;
  scope: AdsRuleScope;
  metric: RuleMetric;
  condition: AdsRuleCondition;
  threshold: number;
  window_days: number;
  created_by: string | null;
  updated_at: string;
}

const RULE_SELECT = `SELECT r.id, r.name, r.scope, r.metric, r.condition, r.threshold, r.window_days,
       u.name AS created_by, to_char(r.updated_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS updated_at
  FROM ads_rules r LEFT JOIN users u ON u.id = r.created_by`;

const draftOf = (r: RuleRow): AdsRuleDraft => ({ name: r.name, scope: r.scope, metric: r.metric, condition: r.condition, threshold: Number(r.threshold), windowDays: r.window_days });
const ruleOf = (r: RuleRow): AdsRule => {
  const draft = draftOf(r);
  return { id: r.id, ...draft, text: ruleText(draft), createdBy: r.created_by ?? "", updatedAt: r.updated_at };
};

/**
 * The first problem of the rule of a request body as written (the form's message, the field by
 * its path in the body: `rule.windowDays`), or null: the HTTP layer answers it with 400 before
 * decoding.
 */
export function firstRuleProblem(body: unknown): { field: string; message: string } | null {
  if (typeof body !== "object" || body === null) return null;
  const rule = (body as { rule?: unknown }).rule;
  if (typeof rule !== "object" || rule === null) return null;
  const problem = ruleProblems(rule as Record<string, unknown>)[0];
  return problem ? { field: `rule.${problem.field}`, message: problem.message } : null;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** The brand's ad days per campaign and day over [from, to], as the evaluator reads them (one statement). */
async function campaignDays(db: Queryable, brandId: number, from: string, to: string): Promise<CampaignDays[]> {
  const rows = (await db.query<{ c: Array<[string, AdChannel, number[], number[][]]> | null }>(
    `SELECT json_agg(json_build_array(campaign_id, channel, offs, sums)) AS c FROM (
       SELECT campaign_id, min(channel) AS channel, array_agg(off ORDER BY off) AS offs,
              json_agg(json_build_array(spend, imp, reach, clicks, views, results, pv) ORDER BY off) AS sums
         FROM (SELECT campaign_id, channel, day - $2::date AS off, sum(spend_satang) AS spend, sum(impressions) AS imp, sum(reach) AS reach,
                      sum(clicks) AS clicks, sum(video_views) AS views, sum(results) AS results, sum(purchase_value_satang) AS pv
                 FROM ad_days WHERE brand_id = $1 AND day BETWEEN $2::date AND $3::date
                GROUP BY campaign_id, channel, day) d
        GROUP BY campaign_id) c`,
    [brandId, from, to],
  )).rows[0]?.c ?? [];
  return rows.map(([campaignId, channel, offs, sums]) => {
    const days = new Map<string, AdSums>();
    offs.forEach((off, i) => {
      const s = sums[i]!;
      days.set(addDays(from, off), {
        spendSatang: Number(s[0]), impressions: Number(s[1]), reach: Number(s[2]), clicks: Number(s[3]), videoViews: Number(s[4]), results: Number(s[5]),
        purchaseValueSatang: s[6] === null ? null : Number(s[6]),
      });
    });
    return { campaignId, channel, days };
  });
}

/**
 * The Ads budget planned per day (satang) from the KPI templates of the brand's users: each Ads
 * period's budget spread evenly over its days; where templates overlap, the latest saved wins.
 */
export async function plannedAdsBudget(db: Queryable, brandId: number): Promise<(day: string) => number | null> {
  const templates = (await db.query<{ body: KpiTemplate }>(
    `SELECT t.body FROM kpi_templates t JOIN user_brands ub ON ub.user_id = t.user_id WHERE ub.brand_id = $1 ORDER BY t.updated_at DESC, t.user_id, t.title`,
    [brandId],
  )).rows;
  const periods: Array<{ start: string; end: string; perDay: number }> = [];
  for (const { body } of templates) {
    for (const p of body.ADS?.setMonth ?? []) {
      const start = p.startDate.slice(0, 10);
      const end = p.endDate.slice(0, 10);
      const budget = toAmountNumber(p.budget);
      if (budget === null || end < start) continue;
      const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
      periods.push({ start, end, perDay: (budget * 100) / days });
    }
  }
  // Periods in the order of their template (latest first): the first covering a day is its plan.
  return (day) => periods.find((p) => p.start <= day && day <= p.end)?.perDay ?? null;
}

/** A stored alert; `off` is its day as days after the range's start. */
interface StoredAlert { id: number; rule: number; key: string; off: number; value: number; threshold: number; acknowledged: boolean }

/**
 * The stored alerts of rules over [start, end]. Read as one text (fields split by the unit
 * separator, rows by the record separator): for tens of thousands of alerts it costs half of a
 * JSON row each on PGlite. Campaign keys come last; were one to hold a record separator, the
 * alerts are read again as JSON.
 */
async function storedAlerts(tx: Queryable, brandId: number, ruleIds: readonly number[], start: string, end: string): Promise<StoredAlert[]> {
  const where = "FROM ads_alerts WHERE brand_id = $1 AND rule_id = ANY($2::int4[]) AND day BETWEEN $3::date AND $4::date";
  const row = (await tx.query<{ a: string | null; odd: boolean | null }>(
    `SELECT string_agg(concat_ws(chr(31), id, rule_id, day - $3::date, value, threshold, (acknowledged_at IS NOT NULL)::int, campaign_key), chr(30)) AS a,
            bool_or(strpos(campaign_key, chr(30)) > 0) AS odd ${where}`,
    [brandId, ruleIds, start, end],
  )).rows[0];
  if (!row?.a) return [];
  if (row.odd) {
    const rows = (await tx.query<{ a: Array<[number | string, number, string, number, number, number, boolean]> }>(
      `SELECT json_agg(json_build_array(id, rule_id, campaign_key, day - $3::date, value, threshold, acknowledged_at IS NOT NULL)) AS a ${where}`,
      [brandId, ruleIds, start, end],
    )).rows[0]!.a;
    return rows.map((a) => ({ id: Number(a[0]), rule: a[1], key: a[2], off: a[3], value: Number(a[4]), threshold: Number(a[5]), acknowledged: a[6] }));
  }
  return row.a.split("\u001e").map((r) => {
    const f = r.split("\u001f");
    return {
      id: Number(f[0]), rule: Number(f[1]), off: Number(f[2]), value: Number(f[3]), threshold: Number(f[4]), acknowledged: f[5] === "1",
      key: f.slice(6).join("\u001f"),
    };
  });
}

/**
 * Evaluates rules of a brand over [start, end] and makes the stored alerts of the range match
 * (values updated, acknowledgements kept, unacknowledged alerts that no longer hold removed).
 *
 * @param ruleIds - only these rules (default: every rule of the brand)
 * @returns the rules evaluated and the alerts whose condition holds in the range
 */
export async function evaluateBrandRules(
  db: Storage, brandId: number, start: string, end: string, ruleIds?: readonly number[], actor: { userId: number | null; actor: string } = { userId: null, actor: "system" },
): Promise<{ rules: number; alerts: number }> {
  const rules = (await db.query<RuleRow>(
    `${RULE_SELECT} WHERE r.brand_id = $1 ${ruleIds ? "AND r.id = ANY($2::int[])" : ""} ORDER BY r.id`,
    ruleIds ? [brandId, ruleIds] : [brandId],
  )).rows;
  if (rules.length === 0) return { rules: 0, alerts: 0 };
  const campaigns = await campaignDays(db, brandId, firstDayRead(start), end);
  const plannedSatang = rules.some((r) => r.metric === "pacing") ? await plannedAdsBudget(db, brandId) : undefined;
  const evaluate = rulesEvaluator({ start, end, campaigns, ...(plannedSatang ? { plannedSatang } : {}) });
  const n = { rule: [] as number[], key: [] as string[], day: [] as string[], value: [] as number[], threshold: [] as number[] };
  for (const rule of rules) {
    for (const a of evaluate(draftOf(rule))) {
      n.rule.push(rule.id); n.key.push(a.campaignId ?? ""); n.day.push(a.day); n.value.push(a.value); n.threshold.push(a.threshold);
    }
  }
  // The stored alerts of the range are read (one text) and made to match: new ones
  // inserted, changed values updated (acknowledgements kept), open ones that no longer hold
  // removed. Re-evaluating unchanged figures writes nothing but the event.
  await db.transaction(async (tx) => {
    // One evaluation of a brand at a time (PostgreSQL): the alerts read below stay those written over.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('ads-rules'), $1)", [brandId]);
    const stored = await storedAlerts(tx, brandId, rules.map((r) => r.id), start, end);
    const keyOf = (rule: number, campaign: string, off: number) => `${rule}\u0000${off}\u0000${campaign}`;
    const existing = new Map(stored.map((a) => [keyOf(a.rule, a.key, a.off), a]));
    const offsets = new Map<string, number>();
    for (let i = 0, day = start; day <= end; i++, day = addDays(start, i)) offsets.set(day, i);
    const ins = { rule: [] as number[], key: [] as string[], day: [] as string[], value: [] as number[], threshold: [] as number[] };
    const upd = { id: [] as number[], value: [] as number[], threshold: [] as number[] };
    const holding = new Set<string>();
    for (let i = 0; i < n.rule.length; i++) {
      const key = keyOf(n.rule[i]!, n.key[i]!, offsets.get(n.day[i]!)!);
      holding.add(key);
      const old = existing.get(key);
      if (old === undefined) {
        ins.rule.push(n.rule[i]!); ins.key.push(n.key[i]!); ins.day.push(n.day[i]!); ins.value.push(n.value[i]!); ins.threshold.push(n.threshold[i]!);
      } else if (old.value !== n.value[i] || old.threshold !== n.threshold[i]) {
        upd.id.push(old.id); upd.value.push(n.value[i]!); upd.threshold.push(n.threshold[i]!);
      }
    }
    const gone = stored.filter((a) => !a.acknowledged && !holding.has(keyOf(a.rule, a.key, a.off))).map((a) => a.id);
    if (gone.length > 0) await tx.query("DELETE FROM ads_alerts WHERE id = ANY($1::int8[])", [gone]);
    if (upd.id.length > 0) {
      await tx.query(
        `UPDATE ads_alerts a SET value = u.value, threshold = u.threshold FROM unnest($1::int8[], $2::float8[], $3::float8[]) AS u(id, value, threshold) WHERE a.id = u.id`,
        [upd.id, upd.value, upd.threshold],
      );
    }
    if (ins.rule.length > 0) {
      await tx.query(
        `INSERT INTO ads_alerts (rule_id, brand_id, campaign_key, day, value, threshold)
         SELECT n.rule_id, $1, n.campaign_key, n.day, n.value, n.threshold
           FROM unnest($2::int4[], $3::text[], $4::date[], $5::float8[], $6::float8[]) AS n(rule_id, campaign_key, day, value, threshold)`,
        [brandId, ins.rule, ins.key, ins.day, ins.value, ins.threshold],
      );
    }
    await appendEvent(tx, {
      userId: actor.userId, actor: actor.actor, type: "adsAlerts.evaluated", entity: "ads_alert", key: String(brandId),
      payload: { brandId, start, end, rules: rules.map((r) => r.id), alerts: n.rule.length, inserted: ins.rule.length, updated: upd.id.length, removed: gone.length },
    });
  });
  return { rules: rules.length, alerts: n.rule.length };
}

/**
 * For the import: after an import wrote days [first, last] of a brand, evaluates the brand's
 * rules over [first, min(today, last + 180)] (windows ending up to 180 days later read them).
 */
export async function evaluateRulesAfterImport(
  db: Storage, brandId: number, first: string, last: string, today: string = bangkokDay(new Date()), userId: number | null = null,
): Promise<{ rules: number; alerts: number }> {
  const tail = addDays(last, IMPORT_EVALUATION_TAIL_DAYS);
  const end = tail < today ? tail : today;
  if (end < first) return { rules: 0, alerts: 0 };
  return evaluateBrandRules(db, brandId, first, end, undefined, { userId, actor: userId === null ? "import" : `user:${userId}` });
}

// ---------------------------------------------------------------------------------------------
// The calls

export class AdsRulesService {
  constructor(private readonly db: Storage, private readonly today: () => string = () => bangkokDay(new Date())) {}

  /** The brand's rules, by name. */
  async list(userId: number, brand: string): Promise<AdsRule[]> {
    const brandId = await userBrandId(this.db, userId, brand);
    return (await this.db.query<RuleRow>(`${RULE_SELECT} WHERE r.brand_id = $1 ORDER BY r.name, r.id`, [brandId])).rows.map(ruleOf);
  }

  /**
   * Creates (no id) or replaces a rule, then evaluates it over the 365 days up to today.
   *
   * @throws ServiceError invalid (field of the rule) for a rule `ruleProblems` refuses, or
   *   campaigns (scope.campaigns) that are not the brand's; not_found (id) for a rule not the brand's
   */
  async upsert(userId: number, req: UpsertAdsRuleRequest): Promise<{ msg: string; data: AdsRule; alerts: number }> {
    const problem = ruleProblems(req.rule)[0];
    if (problem) throw new ServiceError("invalid", problem.message, { field: `rule.${problem.field}` });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const rule = { ...req.rule, name: req.rule.name.trim() };
    if (rule.scope.kind === "campaigns") {
      const known = new Set((await this.db.query<{ id: string }>(
        "SELECT id FROM ad_campaigns WHERE brand_id = $1 AND id = ANY($2::text[])", [brandId, rule.scope.campaigns],
      )).rows.map((r) => r.id));
      const unknown = rule.scope.campaigns.find((c) => !known.has(c));
      if (unknown !== undefined) throw new ServiceError("invalid", `campaign "${unknown}" is not one of the brand's`, { field: "rule.scope.campaigns" });
    }
    const id = await this.db.transaction(async (tx) => {
      const params = [brandId, rule.name, JSON.stringify(rule.scope), rule.metric, rule.condition, rule.threshold, rule.windowDays, userId];
      let saved: number;
      if (req.id === undefined) {
        saved = (await tx.query<{ id: number }>(
          `INSERT INTO ads_rules (brand_id, name, scope, metric, condition, threshold, window_days, created_by, updated_by)
           VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $8) RETURNING id`, params,
        )).rows[0]!.id;
      } else {
        const res = await tx.query<{ id: number }>(
          `UPDATE ads_rules SET name = $2, scope = $3::jsonb, metric = $4, condition = $5, threshold = $6, window_days = $7, updated_by = $8, updated_at = now()
            WHERE id = $9 AND brand_id = $1 RETURNING id`, [...params, req.id],
        );
        if (res.rows.length === 0) throw new ServiceError("not_found", `rule ${req.id} is not one of the brand's rules`, { field: "id" });
        saved = req.id;
        // The rule changed: its open alerts were for the old condition (acknowledged ones stay, as history).
        await tx.query("DELETE FROM ads_alerts WHERE rule_id = $1 AND acknowledged_at IS NULL", [saved]);
      }
      await appendEvent(tx, {
        userId, actor: `user:${userId}`, type: req.id === undefined ? "adsRule.created" : "adsRule.updated", entity: "ads_rule", key: String(saved),
        payload: { brand: req.brand, id: saved, rule },
      });
      return saved;
    });
    const today = this.today();
    const { alerts } = await evaluateBrandRules(this.db, brandId, addDays(today, -(RULE_FIRST_EVALUATION_DAYS - 1)), today, [id], { userId, actor: `user:${userId}` });
    const data = (await this.db.query<RuleRow>(`${RULE_SELECT} WHERE r.id = $1`, [id])).rows[0]!;
    return { msg: req.id === undefined ? "Rule created" : "Rule saved", data: ruleOf(data), alerts };
  }

  /** Deletes a rule of the brand and its alerts. */
  async remove(userId: number, brand: string, id: number): Promise<void> {
    const brandId = await userBrandId(this.db, userId, brand);
    await this.db.transaction(async (tx) => {
      const res = await tx.query<{ name: string }>("DELETE FROM ads_rules WHERE id = $1 AND brand_id = $2 RETURNING name", [id, brandId]);
      if (res.rows.length === 0) throw new ServiceError("not_found", `rule ${id} is not one of the brand's rules`, { field: "id" });
      await appendEvent(tx, { userId, actor: `user:${userId}`, type: "adsRule.deleted", entity: "ads_rule", key: String(id), payload: { brand, id, name: res.rows[0]!.name } });
    });
  }

  /** The alerts of the range (open by default), newest day first; at most 1,000, with the count of all. */
  async alerts(userId: number, req: AdsAlertsRequest): Promise<{ data: AdsAlertRecord[]; total: number }> {
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const status = req.status ?? "open";
    const where = status === "open" ? "AND a.acknowledged_at IS NULL" : status === "acknowledged" ? "AND a.acknowledged_at IS NOT NULL" : "";
    const rows = (await this.db.query<RuleRow & {
      alert_id: string; campaign_key: string; campaign_name: string | null; day: string; value: number; alert_threshold: number;
      raised_at: string; acknowledged_at: string | null; acknowledged_by: string | null; total: string;
    }>(
      `SELECT a.id AS alert_id, a.campaign_key, c.name AS campaign_name, to_char(a.day, 'YYYY-MM-DD') AS day, a.value, a.threshold AS alert_threshold,
              to_char(a.raised_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS raised_at,
              to_char(a.acknowledged_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS acknowledged_at, ua.name AS acknowledged_by,
              r.id, r.name, r.scope, r.metric, r.condition, r.threshold, r.window_days, NULL AS created_by, '' AS updated_at,
              count(*) OVER () AS total
         FROM ads_alerts a
         JOIN ads_rules r ON r.id = a.rule_id
         LEFT JOIN ad_campaigns c ON c.brand_id = a.brand_id AND c.id = a.campaign_key
         LEFT JOIN users ua ON ua.id = a.acknowledged_by
        WHERE a.brand_id = $1 AND a.day BETWEEN $2::date AND $3::date ${where}
        ORDER BY a.day DESC, r.name, c.name NULLS FIRST, a.id
        LIMIT $4`,
      [brandId, req.start, req.end, MAX_ALERTS_ANSWERED],
    )).rows;
    return {
      data: rows.map((r) => ({
        id: Number(r.alert_id), ruleId: r.id, ruleName: r.name, ruleText: ruleText(draftOf(r)), campaignId: r.campaign_key === "" ? null : r.campaign_key,
        campaignName: r.campaign_key === "" ? null : (r.campaign_name ?? r.campaign_key), day: r.day, value: Number(r.value), threshold: Number(r.alert_threshold),
        raisedAt: r.raised_at, acknowledgedAt: r.acknowledged_at, acknowledgedBy: r.acknowledged_by,
      })),
      total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    };
  }

  /**
   * Acknowledges alerts of the brand (those already acknowledged keep their first acknowledgement).
   *
   * @throws ServiceError invalid (ids) when an id is not an alert of the brand
   */
  async acknowledge(userId: number, brand: string, ids: readonly number[]): Promise<{ msg: string; acknowledged: number }> {
    const brandId = await userBrandId(this.db, userId, brand);
    return this.db.transaction(async (tx) => {
      const found = new Set((await tx.query<{ id: string }>("SELECT id FROM ads_alerts WHERE brand_id = $1 AND id = ANY($2::int8[])", [brandId, ids])).rows.map((r) => Number(r.id)));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new ServiceError("invalid", `alert ${missing} is not one of the brand's alerts`, { field: "ids" });
      const res = await tx.query(
        "UPDATE ads_alerts SET acknowledged_at = now(), acknowledged_by = $3 WHERE brand_id = $1 AND id = ANY($2::int8[]) AND acknowledged_at IS NULL",
        [brandId, ids, userId],
      );
      await appendEvent(tx, { userId, actor: `user:${userId}`, type: "adsAlerts.acknowledged", entity: "ads_alert", key: String(brandId), payload: { brand, ids } });
      return { msg: "Acknowledged", acknowledged: res.affectedRows };
    });
  }

  /** Evaluates every rule of the brand over the range, on demand. */
  async evaluate(userId: number, brand: string, start: string, end: string): Promise<{ msg: string; rules: number; alerts: number }> {
    const brandId = await userBrandId(this.db, userId, brand);
    const r = await evaluateBrandRules(this.db, brandId, start, end, undefined, { userId, actor: `user:${userId}` });
    return { msg: "Rules evaluated", ...r };
  }
}
