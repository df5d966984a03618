import type { MaLabel } from "../../domain/entities";
import type { Storage } from "../storage/storage";
import { ReadCaches } from "./cache";
import { UserService } from "./users";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Brands, their Facebook and TikTok accounts (bags) and pages: deterministic demo data. */
const DEMO_BRANDS: ReadonlyArray<{ name: string; slug: string; maLabel: MaLabel; accounts: ReadonlyArray<{ channel: "facebook" | "tiktok"; name: string; pages: string[] }> }> = [
  {
    name: "Tipco", slug: "tipco", maLabel: "Facebook MA",
    accounts: [
      { channel: "facebook", name: "Tipco Official", pages: ["Tipco Thailand", "Tipco 100% Juice", "Tipco Fruit Club"] },
      { channel: "facebook", name: "Tipco Shop", pages: ["Tipco Shop Bangkok", "Tipco Delivery"] },
      { channel: "tiktok", name: "Tipco TikTok", pages: ["@tipcothailand", "@tipcojuice"] },
    ],
  },
  {
    name: "Aura", slug: "aura", maLabel: "MA",
    accounts: [
      { channel: "facebook", name: "Aura Official", pages: ["Aura Thailand", "Aura Skin Lab"] },
      { channel: "facebook", name: "Aura Community", pages: ["Aura Beauty Talk"] },
      { channel: "tiktok", name: "Aura TikTok", pages: ["@aurathailand", "@auraglow"] },
    ],
  },
  {
    name: "Aura Move", slug: "auramove", maLabel: "Facebook MA",
    accounts: [
      { channel: "facebook", name: "Aura Move Official", pages: ["Aura Move", "Aura Move Runners"] },
      { channel: "tiktok", name: "Aura Move TikTok", pages: ["@auramove", "@auramovefit"] },
    ],
  },
];

/** Seeds the demo workspace once; returns false when it was already there. */
export async function seedDemo(db: Storage): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.query("SELECT 1 FROM brands LIMIT 1");
    if (existing.rows.length > 0) return false;
    for (const brand of DEMO_BRANDS) {
      const res = await tx.query<{ id: number }>("INSERT INTO brands (name, ma_label) VALUES ($1, $2) RETURNING id", [brand.name, brand.maLabel]);
      const brandId = res.rows[0]!.id;
      let a = 0;
      for (const acc of brand.accounts) {
        a += 1;
        const bagId = `bag-${brand.slug}-${acc.channel === "facebook" ? "fb" : "tt"}-${a}`;
        await tx.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ($1, $2, $3, $4)", [bagId, brandId, acc.name, acc.channel]);
        let p = 0;
        for (const page of acc.pages) {
          p += 1;
          await tx.query("INSERT INTO pages (id, bag_id, name) VALUES ($1, $2, $3)", [`${bagId}-p${p}`, bagId, page]);
        }
      }
    }
    await tx.query("INSERT INTO account_template (channel, start_year) VALUES ('facebook', 2021), ('tiktok', 2021)");
    return true;
  });
  if (!seeded) return false;
  await new UserService(db, new ReadCaches()).create({
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    name: "Demo User",
    permissions: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    brands: DEMO_BRANDS.map((b) => b.name),
  }, "seed");
  return true;
}
