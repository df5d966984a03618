// The /campaign page's load (src/features/kol/kolActors.ts): the overview asks kolOverview with
// the view's brand and range, and the platform only when one is chosen; a campaign asks
// kolCampaign with the brand and its id; the answers come back tagged by kind; a failure is the
// page's (the machine shows it).
import { describe, expect, it, vi } from "vitest";
import type { KolCampaignDetail, KolOverview } from "../../domain/kolContract";

const authedCall = vi.hoisted(() => vi.fn());
vi.mock("@/app/api", () => ({ authedCall }));
const { loadKol } = await import("@/features/kol/kolActors");

const signal = new AbortController().signal;

describe("loadKol", () => {
  it("asks the overview of the range, with the platform only when one is chosen", async () => {
    const overview = { campaigns: [] } as unknown as KolOverview;
    authedCall.mockResolvedValue({ data: overview });
    const all = await loadKol({ kind: "overview", brand: "Tipco", start: "2025-01-01", end: "2025-03-31", platform: null }, signal);
    expect(authedCall).toHaveBeenLastCalledWith("kolOverview", { brand: "Tipco", start: "2025-01-01", end: "2025-03-31" }, { signal });
    expect(all).toEqual({ kind: "overview", overview });
    await loadKol({ kind: "overview", brand: "Tipco", start: "2025-01-01", end: "2025-03-31", platform: "youtube" }, signal);
    expect(authedCall).toHaveBeenLastCalledWith("kolOverview", { brand: "Tipco", start: "2025-01-01", end: "2025-03-31", platform: "youtube" }, { signal });
  });

  it("asks one campaign by its id", async () => {
    const detail = { campaign: { id: 7 } } as unknown as KolCampaignDetail;
    authedCall.mockResolvedValue({ data: detail });
    expect(await loadKol({ kind: "campaign", brand: "Aura", id: 7 }, signal)).toEqual({ kind: "campaign", detail });
    expect(authedCall).toHaveBeenLastCalledWith("kolCampaign", { brand: "Aura", id: 7 }, { signal });
  });

  it("lets a failure through to the page", async () => {
    authedCall.mockRejectedValue(new Error("id: no campaign 99 of brand Aura"));
    await expect(loadKol({ kind: "campaign", brand: "Aura", id: 99 }, signal)).rejects.toThrow("no campaign 99");
  });
});
