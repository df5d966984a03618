/**
 * The forms of the KOL dialogs (issue 16) as the person types them, the drafts they make
 * (`KolCampaignDraft`, `KolDraft`, `KolBookingDraft`, `EmvValues`: domain/kolContract.ts) and
 * the problems of each field (machines/kolEditors/kolChecks.ts, the checks the server uses too).
 *
 * Amounts are typed in baht and may carry thousands commas, spaces and "฿"; followers may carry
 * commas; categories are typed separated by commas.
 */
import {
  DEFAULT_EMV_VALUES, EMV_ACTIONS,
  type EmvValues, type Kol, type KolBooking, type KolBookingDraft, type KolBookingStatus, type KolCampaign, type KolCampaignDraft,
  type KolCampaignStatus, type KolDraft, type KolObjective, type KolPlatform, type KolTier,
} from "../../domain/kolContract";
import { cleanHandle, kolTier } from "../../domain/kol";
import { bookingProblems, campaignProblems, emvProblems, kolProblems, type Problems } from "./kolChecks";

/** A number as typed: thousands commas, spaces and ฿ are allowed; NaN when it is not a number. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[,\s฿]/g, "");
  if (cleaned === "" || !/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** An amount as the form shows it: plain digits, no commas (so typing stays simple). */
const amountText = (n: number): string => String(n);

// ---------------------------------------------------------------------------------------------
// Campaign

export interface CampaignForm {
  readonly name: string;
  readonly objective: KolObjective;
  readonly budget: string;
  readonly start: string;
  readonly end: string;
  readonly status: KolCampaignStatus;
}
export type CampaignField = keyof CampaignForm;

export const EMPTY_CAMPAIGN_FORM: CampaignForm = { name: "", objective: "awareness", budget: "", start: "", end: "", status: "planned" };

export const campaignFormOf = (c: KolCampaign | null): CampaignForm =>
  c === null ? EMPTY_CAMPAIGN_FORM : { name: c.name, objective: c.objective, budget: amountText(c.budget), start: c.start, end: c.end, status: c.status };

export const campaignDraftOf = (f: CampaignForm): KolCampaignDraft => ({
  name: f.name.trim(),
  objective: f.objective,
  budget: parseAmount(f.budget),
  start: f.start.trim(),
  end: f.end.trim(),
  status: f.status,
});

export const campaignFormProblems = (f: CampaignForm): Problems<CampaignField> => campaignProblems(campaignDraftOf(f));

// ---------------------------------------------------------------------------------------------
// KOL

export interface KolForm {
  readonly name: string;
  readonly handle: string;
  readonly platform: KolPlatform;
  /** As typed; empty when not known. */
  readonly followers: string;
  /** Separated by commas. */
  readonly categories: string;
}
export type KolField = keyof KolForm;

export const EMPTY_KOL_FORM: KolForm = { name: "", handle: "", platform: "tiktok", followers: "", categories: "" };

export const kolFormOf = (k: Kol | null): KolForm =>
  k === null
    ? EMPTY_KOL_FORM
    : { name: k.name, handle: k.handle, platform: k.platform, followers: k.followers === null ? "" : String(k.followers), categories: k.categories.join(", ") };

/** Followers as typed: null when empty, NaN when not a whole number. */
export function parseFollowers(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, "");
  if (cleaned === "") return null;
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export const categoriesOf = (text: string): string[] => {
  const seen = new Set<string>();
  for (const c of text.split(/[,،、]/)) {
    const t = c.trim();
    if (t !== "") seen.add(t);
  }
  return [...seen];
};

export const kolDraftOf = (f: KolForm): KolDraft => ({
  name: f.name.trim(),
  handle: cleanHandle(f.handle),
  platform: f.platform,
  followers: parseFollowers(f.followers),
  categories: categoriesOf(f.categories),
});

export const kolFormProblems = (f: KolForm): Problems<KolField> => kolProblems(kolDraftOf(f));

/** The tier the typed followers give (`kolTier`: nano < 10k ≤ micro < 100k ≤ macro < 1M ≤ mega); null when not a count. */
export function tierOfFollowers(text: string): KolTier | null {
  const n = parseFollowers(text);
  return n === null || Number.isNaN(n) ? null : kolTier(n);
}

// ---------------------------------------------------------------------------------------------
// Booking

export interface BookingForm {
  /** The KOL chosen from the brand's roster; null until one is. */
  readonly kolId: number | null;
  readonly deliverables: string;
  readonly fee: string;
  readonly status: KolBookingStatus;
}
export type BookingField = keyof BookingForm;

export const EMPTY_BOOKING_FORM: BookingForm = { kolId: null, deliverables: "", fee: "", status: "proposed" };

export const bookingFormOf = (b: KolBooking | null): BookingForm =>
  b === null ? EMPTY_BOOKING_FORM : { kolId: b.kolId, deliverables: b.deliverables, fee: amountText(b.fee), status: b.status };

export const bookingDraftOf = (f: BookingForm): KolBookingDraft => ({
  kolId: f.kolId ?? 0,
  deliverables: f.deliverables.trim(),
  fee: parseAmount(f.fee),
  status: f.status,
});

export const bookingFormProblems = (f: BookingForm): Problems<BookingField> => bookingProblems(bookingDraftOf(f));

/** The roster narrowed by what is typed in the search: name or handle, any case, "@" ignored. */
export function searchKols(kols: readonly Kol[], query: string): readonly Kol[] {
  const q = query.trim().replace(/^@/, "").toLocaleLowerCase();
  if (q === "") return kols;
  return kols.filter((k) => k.name.toLocaleLowerCase().includes(q) || k.handle.toLocaleLowerCase().includes(q));
}

// ---------------------------------------------------------------------------------------------
// EMV values

export type EmvForm = { readonly [A in keyof EmvValues]: string };
export type EmvField = keyof EmvForm;

export const emvFormOf = (v: EmvValues): EmvForm =>
  Object.fromEntries(EMV_ACTIONS.map((a) => [a, amountText(v[a])])) as unknown as EmvForm;

export const DEFAULT_EMV_FORM: EmvForm = emvFormOf(DEFAULT_EMV_VALUES);

export const emvValuesOf = (f: EmvForm): EmvValues =>
  Object.fromEntries(EMV_ACTIONS.map((a) => [a, parseAmount(f[a])])) as unknown as EmvValues;

export const emvFormProblems = (f: EmvForm): Problems<EmvField> => emvProblems(emvValuesOf(f));
