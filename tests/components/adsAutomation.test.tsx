// @vitest-environment happy-dom
// The /ads automation section (issue 15): the rule form on its real statechart (each field's
// message under it, a CTR typed in percent and sent as a fraction, the rule in words as it is
// typed), the alerts panel's words and buttons, and what an import wrote.
import { act, useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, type Actor } from "xstate";
import type { AdsAlertRecord, AdsCampaignRef, AdsRule, UpsertAdsRuleRequest } from "../../domain/adsContract";
import type { ImportAdsResult } from "../../domain/adsImport";
import { adsRuleEditorMachine, type UpsertAdsRuleResponse } from "../../machines/ads/adsRuleEditorMachine";
import { selectRuleEditor } from "../../machines/ads/adsRuleEditorSelectors";
import type { AlertsPanelView } from "../../machines/ads/adsAlertsSelectors";
import { AlertsPanel, RulesList } from "@/features/ads/automation/AutomationView";
import { readableRefusal } from "@/features/ads/automation/automationActors";
import { alertCsvColumns, acknowledgedDay, importAdsSummary } from "@/features/ads/automation/automationFormat";
import { toCsv } from "@/components/export/download";
import { ImportAdsView } from "@/features/ads/automation/ImportAdsDialog";
import { RuleEditorForm } from "@/features/ads/automation/RuleEditorDialog";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const campaigns: AdsCampaignRef[] = [
  { id: "c1", name: "Always on", channel: "facebook", objective: "sales", status: "active" },
  { id: "c2", name: "Songkran burst", channel: "tiktok", objective: "awareness", status: "ended" },
];

const rule = (over: Partial<AdsRule>): AdsRule => ({
  id: 1, name: "Fatigue", scope: { kind: "brand" }, metric: "frequency", condition: "above", threshold: 3, windowDays: 7,
  text: "Frequency above 3 over the last 7 days", createdBy: "demo@example.com", updatedAt: "2024-06-01T10:00:00.000Z", ...over,
});

/** The form on a real rule editor actor, as the section mounts it. */
function Harness({ actor }: { actor: Actor<typeof adsRuleEditorMachine> }) {
  const snapshot = useSyncExternalStore(
    (listener) => {
      const sub = actor.subscribe(listener);
      return () => sub.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  const view = selectRuleEditor(snapshot);
  return (
    <RuleEditorForm
      brand="Tipco"
      view={view}
      campaigns={campaigns}
      onChange={(patch) => actor.send({ type: "draft.set", patch })}
      onSave={() => actor.send({ type: "rule.save" })}
      onCancel={() => actor.send({ type: "rule.cancel" })}
    />
  );
}

async function openEditor(opening: { type: "rule.new"; brand: string } | { type: "rule.edit"; brand: string; rule: AdsRule }) {
  const sent: UpsertAdsRuleRequest[] = [];
  const actor = createActor(
    adsRuleEditorMachine.provide({
      actors: {
        saveRule: fromPromise<UpsertAdsRuleResponse, UpsertAdsRuleRequest>(async ({ input }) => {
          sent.push(input);
          return { msg: "Upsert Success", data: rule({ ...input.rule }), alerts: 4 };
        }),
      },
    }),
  ).start();
  actor.send(opening);
  const host = await render(<Harness actor={actor} />);
  return { actor, host, sent };
}

const byLabel = (host: HTMLElement, text: string): HTMLInputElement | HTMLSelectElement => {
  const label = [...host.querySelectorAll("label")].find((l) => l.textContent?.trim().startsWith(text));
  if (label === undefined) throw new Error(`no label ${text}`);
  return host.querySelector(`#${CSS.escape(label.htmlFor)}`)!;
};

async function type(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

const save = async (host: HTMLElement) => {
  const button = [...host.querySelectorAll("button")].find((b) => /Save rule|Update rule/.test(b.textContent ?? ""))!;
  await act(async () => button.click());
};
const messageOf = (el: Element) => {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).filter((t) => t !== undefined && t !== null).join(" | ");
};
const preview = (host: HTMLElement) => host.querySelector(".rule-words")?.textContent;

describe("the rule form", () => {
  it("shows each problem under its field after Save, and nothing is sent", async () => {
    const { host, sent } = await openEditor({ type: "rule.new", brand: "Tipco" });
    expect(host.querySelectorAll(".rule-problem")).toHaveLength(0);
    await type(byLabel(host, "Window"), "0");
    await save(host);
    expect(sent).toEqual([]);
    expect(messageOf(byLabel(host, "Rule name"))).toBe("Please fill the rule name.");
    expect(byLabel(host, "Rule name").getAttribute("aria-invalid")).toBe("true");
    expect(messageOf(byLabel(host, "Window"))).toBe("The window must be a whole number of days from 1 to 90.");
    expect(messageOf(byLabel(host, "Threshold"))).toBe("The threshold must be a number of 0 or more.");
    await type(byLabel(host, "Window"), "95");
    expect(messageOf(byLabel(host, "Window"))).toBe("The window must be a whole number of days from 1 to 90.");
    await type(byLabel(host, "Window"), "7");
    expect(messageOf(byLabel(host, "Window"))).toBe("");
    expect(byLabel(host, "Window").getAttribute("aria-invalid")).toBe("false");
  });

  it("asks for a campaign when the rule watches chosen campaigns", async () => {
    const { host } = await openEditor({ type: "rule.new", brand: "Tipco" });
    const chosen = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.parentElement?.textContent?.includes("Chosen campaigns"))!;
    await act(async () => chosen.click());
    await save(host);
    expect(host.textContent).toContain("Choose at least one campaign.");
    expect(host.textContent).toContain("Every campaign of Tipco");
  });

  it("takes a CTR in percent, says it in words, and sends it as a fraction", async () => {
    const { host, sent } = await openEditor({ type: "rule.new", brand: "Tipco" });
    await type(byLabel(host, "Rule name"), "CTR too low");
    await type(byLabel(host, "Metric"), "ctr");
    await type(byLabel(host, "Condition"), "below");
    expect(byLabel(host, "Threshold").closest(".field")?.querySelector("label")?.textContent).toBe("Threshold (in %)");
    await type(byLabel(host, "Threshold"), "1.2");
    await type(byLabel(host, "Window"), "3");
    expect(preview(host)).toBe("CTR below 1.2 % over the last 3 days");
    await save(host);
    expect(sent).toEqual([{ brand: "Tipco", rule: { name: "CTR too low", scope: { kind: "brand" }, metric: "ctr", condition: "below", threshold: 0.012, windowDays: 3 } }]);
  });

  it("shows a stored CTR fraction in percent when editing", async () => {
    const { host } = await openEditor({ type: "rule.edit", brand: "Tipco", rule: rule({ metric: "ctr", condition: "above", threshold: 0.025, windowDays: 14 }) });
    expect((byLabel(host, "Threshold") as HTMLInputElement).value).toBe("2.5");
    expect(preview(host)).toBe("CTR above 2.5 % over the last 14 days");
  });

  it("follows the metric's unit in the preview: baht, a drop in percent, pacing", async () => {
    const { host } = await openEditor({ type: "rule.new", brand: "Tipco" });
    await type(byLabel(host, "Metric"), "costPerResult");
    await type(byLabel(host, "Threshold"), "120");
    expect(byLabel(host, "Threshold").closest(".field")?.querySelector("label")?.textContent).toBe("Threshold (in ฿)");
    expect(preview(host)).toBe("Cost per result above ฿120 over the last 7 days");
    await type(byLabel(host, "Metric"), "ctr");
    await type(byLabel(host, "Condition"), "dropsBy");
    await type(byLabel(host, "Threshold"), "20");
    expect(preview(host)).toBe("CTR dropped 20 % over the last 7 days against the 7 days before");
    await type(byLabel(host, "Threshold"), "120");
    await save(host);
    expect(messageOf(byLabel(host, "Threshold"))).toBe("A figure cannot drop by more than 100 %.");
    expect(preview(host)).toBe("Fill the metric, threshold and window to read the rule in words.");
  });
});

const alert = (over: Partial<AdsAlertRecord>): AdsAlertRecord => ({
  id: 1, ruleId: 1, ruleName: "Fatigue", ruleText: "Frequency above 3 over the last 7 days", campaignId: "c1", campaignName: "Always on", day: "2024-06-20",
  value: 3.456, threshold: 3, raisedAt: "2024-06-21T01:00:00.000Z", acknowledgedAt: null, acknowledgedBy: null, ...over,
});
const panel = (alerts: AdsAlertRecord[], over: Partial<AlertsPanelView> = {}): AlertsPanelView => ({
  phase: "shown", status: "open", alerts, total: alerts.length, error: null, acting: null, actionError: null, ...over,
});

describe("the alerts panel", () => {
  const rules = [
    rule({}),
    rule({ id: 2, name: "CTR falling", metric: "ctr", condition: "dropsBy", threshold: 20, text: "CTR dropped 20 %" }),
    rule({ id: 3, name: "Overspend", metric: "pacing", condition: "above", threshold: 110, text: "Pacing against the plan above 110 %" }),
    rule({ id: 4, name: "CPA", metric: "costPerResult", condition: "above", threshold: 120, text: "Cost per result above ฿120" }),
  ];
  const alerts = [
    alert({}),
    alert({ id: 2, ruleId: 2, ruleName: "CTR falling", value: -32.46, threshold: 20 }),
    alert({ id: 3, ruleId: 3, ruleName: "Overspend", campaignId: null, campaignName: null, value: 118.24, threshold: 110 }),
    alert({ id: 4, ruleId: 4, ruleName: "CPA", value: 131.5, threshold: 120, acknowledgedAt: "2024-06-21T18:30:00.000Z", acknowledgedBy: "Demo User" }),
  ];
  const props = { brand: "Tipco", start: "2024-06-01", end: "2024-06-30", rules, onStatus: vi.fn(), onAcknowledge: vi.fn(), onCheck: vi.fn(), onRetry: vi.fn() };

  it("says each alert's value against its threshold in the metric's unit", async () => {
    const host = await render(<AlertsPanel {...props} view={panel(alerts, { status: "all" })} />);
    const rows = [...host.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ["2024-06-20", "Always on", "3.46", "above 3.00"],
      ["2024-06-20", "Always on", "down 32.5%", "drop of 20%"],
      ["2024-06-20", "All campaigns in scope", "118.2% of plan", "above 110% of plan"],
      ["2024-06-20", "Always on", "฿131.50", "above ฿120.00"],
    ]);
    // Acknowledged on the Bangkok day (01:30 on the 22nd), by whom.
    expect(rows[3]![5]).toBe("Acknowledged 2024-06-22 by Demo User");
    // As the server writes it: Bangkok wall-clock time.
    expect(acknowledgedDay("2024-06-22T01:30:00")).toBe("2024-06-22");
  });

  it("acknowledges one alert or every open one shown, and checks the rules", async () => {
    const onAcknowledge = vi.fn();
    const onCheck = vi.fn();
    const host = await render(<AlertsPanel {...props} onAcknowledge={onAcknowledge} onCheck={onCheck} view={panel(alerts)} />);
    const button = (name: string) => [...host.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent)?.trim() === name)!;
    await act(async () => button("Acknowledge the alert of CTR falling on Always on, 2024-06-20").click());
    await act(async () => button("Acknowledge all shown").click());
    await act(async () => button("Check rules now").click());
    expect(onAcknowledge.mock.calls).toEqual([[[2]], [[1, 2, 3]]]);
    expect(onCheck).toHaveBeenCalledTimes(1);
  });

  it("exports the alerts shown as CSV: value and threshold as plain numbers, the rule in words, the acknowledgement", () => {
    const csv = toCsv(alerts, alertCsvColumns()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(csv[0]).toBe("Day,Rule,Rule in words,Campaign ID,Campaign,Value,Threshold,Acknowledged,Acknowledged by");
    expect(csv[3]).toBe("2024-06-20,Overspend,Frequency above 3 over the last 7 days,,All campaigns in scope,118.24,110,,");
    expect(csv[4]).toBe("2024-06-20,CPA,Frequency above 3 over the last 7 days,c1,Always on,131.5,120,2024-06-22,Demo User");
  });

  it("offers the CSV only when alerts are shown", async () => {
    const csvButton = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('button[aria-label="Download the alerts shown as CSV"]')!;
    expect(csvButton(await render(<AlertsPanel {...props} view={panel(alerts)} />)).disabled).toBe(false);
    await act(async () => root?.unmount());
    expect(csvButton(await render(<AlertsPanel {...props} view={panel([])} />)).disabled).toBe(true);
  });

  it("says when there is nothing, and switches to the history", async () => {
    const onStatus = vi.fn();
    const host = await render(<AlertsPanel {...props} onStatus={onStatus} view={panel([])} />);
    expect(host.textContent).toContain("No open alerts from 2024-06-01 to 2024-06-30.");
    expect([...host.querySelectorAll("button")].some((b) => b.textContent?.includes("Acknowledge all shown"))).toBe(false);
    const all = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.parentElement?.textContent === "All (history)")!;
    await act(async () => all.click());
    expect(onStatus).toHaveBeenCalledWith("all");
  });

  it("lists the rules in words with Edit and Delete", async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const host = await render(
      <RulesList brand="Tipco" phase={{ kind: "loaded", data: [rule({ scope: { kind: "campaigns", campaigns: ["c1", "c2", "c9"] } })] }} campaigns={campaigns} onNew={vi.fn()} onEdit={onEdit} onDelete={onDelete} onRetry={vi.fn()} />,
    );
    expect(host.querySelector(".rule-text")?.textContent).toBe("Frequency above 3 over the last 7 days");
    expect(host.querySelector(".rule-scope")?.textContent).toBe("Always on, Songkran burst and 1 more");
    await act(async () => host.querySelector<HTMLButtonElement>('button[aria-label="Delete rule Fatigue"]')!.click());
    await act(async () => host.querySelector<HTMLButtonElement>('button[aria-label="Edit rule Fatigue"]')!.click());
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe("in Thai, in the Buddhist Era (issue 18)", () => {
  beforeAll(async () => {
    await loadAppMessages();
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
  });
  afterAll(() => activateLocale({ language: "en", calendar: "gregorian" }));

  const rules = [rule({}), rule({ id: 2, name: "CTR falling", metric: "ctr", condition: "dropsBy", threshold: 20, text: "CTR dropped 20 %" })];
  const alerts = [alert({}), alert({ id: 2, ruleId: 2, ruleName: "CTR falling", value: -32.46, threshold: 20 })];

  it("shows the alerts in Thai words with their days in BE", async () => {
    const host = await render(
      <AlertsPanel brand="Tipco" start="2024-06-01" end="2024-06-30" rules={rules} onStatus={vi.fn()} onAcknowledge={vi.fn()} onCheck={vi.fn()} onRetry={vi.fn()} view={panel(alerts)} />,
    );
    expect(host.querySelector("h3")?.textContent).toBe("การแจ้งเตือน");
    const rows = [...host.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows[0]![0]).toBe("2567-06-20");
    expect(rows[1]![3]).toBe("ลดลง 32.5%");
    expect(host.querySelector(".alerts-rule-text")?.getAttribute("title")).toBe("Frequency สูงกว่า 3 ใน 7 วันล่าสุด");
    expect(host.textContent).toContain("ตั้งแต่ 2567-06-01 ถึง 2567-06-30");
  });

  it("shows the rule form's words and its field problems in Thai", async () => {
    const { host, sent } = await openEditor({ type: "rule.new", brand: "Tipco" });
    const button = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent).toContain("บันทึกกฎ");
    await act(async () => button.click());
    expect(sent).toEqual([]);
    expect(messageOf(byLabel(host, "ชื่อกฎ"))).toBe("กรุณากรอกชื่อกฎ");
    expect(messageOf(byLabel(host, "ช่วงเวลา"))).toBe("");
    expect(messageOf(byLabel(host, "เกณฑ์"))).toBe("เกณฑ์ต้องเป็นตัวเลขตั้งแต่ 0 ขึ้นไป");
  });

  it("says what an import wrote, its days in BE", () => {
    const summary = importAdsSummary({
      format: "meta-ads", encoding: "utf-8", account: "bag-1", rows: 1240, campaigns: 3, adSets: 8, ads: 21, inserted: 1200, updated: 30, unchanged: 10,
      demoRemoved: 0, first: "2024-09-01", last: "2024-09-30", alerts: 5, notes: [],
    });
    expect(summary).toContain("อ่าน 1,240 แถว ตั้งแต่ 2567-09-01 ถึง 2567-09-30");
  });
});

describe("the Import ads dialog", () => {
  const result = (over: Partial<ImportAdsResult>): ImportAdsResult => ({
    format: "meta-ads", encoding: "utf-8", account: "bag-1", rows: 1240, campaigns: 3, adSets: 8, ads: 21, inserted: 1200, updated: 30, unchanged: 10,
    demoRemoved: 0, first: "2024-09-01", last: "2024-09-30", alerts: 5, notes: [], ...over,
  });

  it("says what an import wrote", () => {
    expect(importAdsSummary(result({}))).toBe(
      "Read 1,240 rows from 2024-09-01 to 2024-09-30 (a Meta Ads Manager report): 3 campaigns, 8 ad sets, 21 ads; 1,200 ad days new, 30 updated, 10 unchanged. The rules raised 5 alerts.",
    );
    expect(importAdsSummary(result({ format: "tiktok-ads", rows: 1, campaigns: 1, adSets: 1, ads: 1, first: "2024-09-01", last: "2024-09-01", alerts: 1, demoRemoved: 60 }))).toBe(
      "Read 1 row of 2024-09-01 (a TikTok Ads Manager report): 1 campaign, 1 ad set, 1 ad; 1,200 ad days new, 30 updated, 10 unchanged; 60 demo rows of this account replaced. The rules raised 1 alert.",
    );
  });

  it("reads the server's refusal without the part it names", () => {
    expect(readableRefusal("file: 5 rows cannot be imported, so nothing was imported")).toBe("5 rows cannot be imported, so nothing was imported");
    expect(readableRefusal("the file is empty")).toBe("The file is empty");
  });

  it("sends only with an account and a file, and lists refused lines", async () => {
    const accounts = [{ _id: "bag-1", name: "Tipco Ads", channel: "facebook" as const }, { _id: "bag-2", name: "Tipco TikTok", channel: "tiktok" as const }];
    const base = { brand: "Tipco", accounts, onAccount: vi.fn(), onPick: vi.fn(), onSubmit: vi.fn(), onCancelUpload: vi.fn(), onClose: vi.fn() };
    const host = await render(<ImportAdsView {...base} account={null} fileName="ads.csv" phase={{ kind: "idle" }} />);
    const importButton = () => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Import"))!;
    expect(importButton().disabled).toBe(true);
    expect([...host.querySelectorAll('select[aria-label="Ad account"] option')].map((o) => o.textContent)).toEqual(["", "Tipco Ads (Facebook)", "Tipco TikTok (TikTok)"]);
    await act(async () =>
      root?.render(<ImportAdsView {...base} account="bag-2" fileName="ads.csv" phase={{ kind: "refused", message: "2 rows are not valid", rows: [{ line: 7, reason: "Amount spent: -3 is not an amount" }] }} />),
    );
    expect(importButton().disabled).toBe(false);
    expect(host.textContent).toContain("The file was refused: nothing was imported.");
    expect([...host.querySelectorAll("tbody tr")].map((tr) => tr.textContent)).toEqual(["7Amount spent: -3 is not an amount"]);
  });
});
