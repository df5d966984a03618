/**
 * The demo's CIR reports (issue 17, docs/cir.md): two reports of the demo user, written through
 * CirService (so each has its events in the log, like any report): "Aura monthly review", shared
 * with Aura's users and following the last calendar month, and "Tipco Q1 2024", private, on fixed
 * days. Deterministic: the same sections, titles and texts on every seed.
 */
import type { Section } from "../../domain/cirContract";
import type { Storage } from "../storage/storage";
import { CirService } from "../services/cir";
import { CirSources } from "../services/cirSources";

const aura = (id: string, source: Extract<Section, { type: "source" }>["source"]): Section =>
  ({ type: "source", id, source, view: { brand: "Aura", range: { kind: "report" } } });
const tipco = (id: string, source: Extract<Section, { type: "source" }>["source"]): Section =>
  ({ type: "source", id, source, view: { brand: "Tipco", range: { kind: "report" } } });

export const DEMO_CIR_REPORTS = [
  {
    title: "Aura monthly review",
    brand: "Aura",
    range: { kind: "relative", preset: "lastMonth" },
    shared: true,
    sections: [
      { type: "text", id: "intro", text: "Aura's month at a glance: sales, ads and the social pages, against the month before." },
      aura("sales", "ecommerce.figures"),
      aura("gmv", "ecommerce.gmv"),
      aura("channels", "ecommerce.channels"),
      aura("ads", "ads.figures"),
      aura("spend", "ads.spend"),
      aura("social", "brandEx.figures"),
      aura("reach", "brandEx.reach"),
      aura("stores", "o2o.views"),
      { type: "text", id: "next", text: "Next month: keep the serum campaign's budget, test a second TikTok creative." },
    ],
  },
  {
    title: "Tipco Q1 2024",
    brand: "Tipco",
    range: { kind: "fixed", start: "2024-01-01", end: "2024-03-31" },
    shared: false,
    sections: [
      tipco("sales", "ecommerce.figures"),
      tipco("gmv", "ecommerce.gmv"),
      tipco("customers", "crm.figures"),
      tipco("kol", "kol.figures"),
      tipco("affiliates", "affiliate.figures"),
      { type: "text", id: "notes", text: "Draft for the quarterly business review: add the Songkran plan before sharing." },
    ],
  },
] as const satisfies ReadonlyArray<{ title: string; brand: string; range: unknown; shared: boolean; sections: readonly Section[] }>;

/** Writes the demo reports for the demo user (called once, when the demo is seeded). */
export async function seedDemoCir(db: Storage, userId: number): Promise<void> {
  // Writing reports computes no section: the module services are never asked for.
  const cir = new CirService(db, new CirSources(db, () => {
    throw new Error("the demo's reports are written, not computed");
  }));
  for (const r of DEMO_CIR_REPORTS) {
    const created = await cir.create(userId, { title: r.title, brand: r.brand, range: r.range, sections: r.sections });
    if (r.shared) await cir.update(userId, { id: created.id, version: created.version, visibility: "brand" });
  }
}
