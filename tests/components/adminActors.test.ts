// The Admin page's loads (src/features/admin/adminActors.ts): the audit's "Load more" reads the
// pages one after the other, each from the `next` of the one before, with the filters given and
// only those; it stops at the last page. /formAC's brands load opens the form on the brand of `?b=`.
import { describe, expect, it, vi } from "vitest";
import type { AdminAuditResponse, AdminBrand, AuditEntry } from "../../domain/adminContract";
import type { AccountForm } from "../../machines/admin/adminForms";

const authedCall = vi.hoisted(() => vi.fn());
vi.mock("@/app/api", () => ({ authedCall }));
const { loadAudit, accountEditorActors } = await import("@/features/admin/adminActors");

const signal = new AbortController().signal;
const entry = (id: number) => ({ id, subject: `s${id}` }) as unknown as AuditEntry;
const page = (ids: number[], next: number | null): AdminAuditResponse => ({ data: ids.map(entry), next });

describe("loadAudit", () => {
  it("reads as many pages as shown, each after the one before, with the filters given", async () => {
    authedCall.mockReset().mockResolvedValueOnce(page([9, 8], 8)).mockResolvedValueOnce(page([7, 6], 6)).mockResolvedValueOnce(page([5], 5));
    const data = await loadAudit({ actor: "demo@example.com", kind: "user", pages: 3 }, signal);
    expect(authedCall.mock.calls.map((c) => c[1])).toEqual([
      { actor: "demo@example.com", kind: "user" },
      { actor: "demo@example.com", kind: "user", after: "8" },
      { actor: "demo@example.com", kind: "user", after: "6" },
    ]);
    expect(data.entries.map((e) => e.id)).toEqual([9, 8, 7, 6, 5]);
    expect(data.more).toBe(true);
  });

  it("stops at the last page, and sends no filter it was not given", async () => {
    authedCall.mockReset().mockResolvedValueOnce(page([3, 2], null));
    const data = await loadAudit({ actor: "", kind: null, pages: 4 }, signal);
    expect(authedCall).toHaveBeenCalledTimes(1);
    expect(authedCall).toHaveBeenLastCalledWith("adminAudit", {}, { signal });
    expect(data.more).toBe(false);
  });
});

describe("/formAC's brands", () => {
  const brand = (id: number, name: string): AdminBrand => ({
    id, name, maLabel: "MA", channels: [{ channel: "facebook", startYear: 2022 }], accounts: [], o2o: { campaigns: [], hasToken: false }, users: 1, version: 1,
  });

  async function load(scope: number | null, brands: AdminBrand[]) {
    authedCall.mockReset().mockResolvedValue({ data: brands, o2oCampaigns: [] });
    const { createActor, toPromise } = await import("xstate");
    const actor = createActor(accountEditorActors.load, { input: { brand: "", scope, id: null, form: {} as AccountForm } });
    actor.start();
    return toPromise(actor);
  }

  it("opens on the brand of ?b= with its channels", async () => {
    const loaded = await load(4, [brand(3, "Aura"), brand(4, "Tipco")]);
    expect(loaded.form).toMatchObject({ brandId: 4, brandChannels: ["facebook"], channel: "facebook" });
    expect(loaded.options.map((b) => b.name)).toEqual(["Aura", "Tipco"]);
  });

  it("leaves the brand to choose when ?b= is none of the admin's, unless they have just one", async () => {
    expect((await load(99, [brand(3, "Aura"), brand(4, "Tipco")])).form).toMatchObject({ brandId: null, channel: null });
    expect((await load(null, [brand(3, "Aura")])).form).toMatchObject({ brandId: 3 });
  });
});
