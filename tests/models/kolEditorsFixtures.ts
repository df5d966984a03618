/**
 * Sample data of the KOL dialogs' models (tests/models/kolEditors*.model.ts): stored items, forms
 * valid and with a problem, and the server's answers (a 400 naming a field, a 500, no answer).
 */
import type { Kol, KolBooking, KolCampaign } from "../../domain/kolContract";

export const campaign: KolCampaign = {
  id: 4, name: "Songkran glow 2025", objective: "awareness", budget: 250_000, start: "2025-04-01", end: "2025-04-30", status: "active",
  updatedAt: "2025-03-20T10:00:00.000+07:00",
};
export const kol: Kol = {
  id: 11, name: "Ploy Chanisa", handle: "ploy.chanisa", platform: "tiktok", followers: 84_000, categories: ["beauty"], tier: "micro",
  updatedAt: "2025-03-20T10:00:00.000+07:00",
};
export const booking: KolBooking = {
  id: 21, campaignId: 4, kolId: 11, deliverables: "1 TikTok video", fee: 15_000, status: "confirmed", updatedAt: "2025-03-20T10:00:00.000+07:00",
};

export const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });
export const serverDown = httpError(0, "The server could not be reached.");
