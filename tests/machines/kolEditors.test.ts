// The KOL dialogs' forms and statecharts (machines/kolEditors) on real actors: the form rules
// (amounts, followers and their tier, categories, handles), what is sent, what each field shows
// (after Save, and a field the server refused), the roster loaded for a booking, the EMV values
// loaded and reset, and the delete confirmation.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { DEFAULT_EMV_VALUES, type Kol, type KolBooking, type KolCampaign } from "../../domain/kolContract";
import { fieldRefusal, type KolEditorInput, type KolEditorLoaded } from "../../machines/kolEditors/kolEditorMachine";
import { selectKolDelete, selectKolEditor } from "../../machines/kolEditors/kolEditorSelectors";
import { kolDeleteMachine, type KolDeleteInput } from "../../machines/kolEditors/kolDeleteMachine";
import { kolBookingEditorMachine, kolCampaignEditorMachine, kolEmvEditorMachine, type EmvStamp, type KolRoster } from "../../machines/kolEditors/kolEditors";
import {
  DEFAULT_EMV_FORM, EMPTY_BOOKING_FORM, EMPTY_CAMPAIGN_FORM, bookingFormProblems, campaignDraftOf, campaignFormOf, campaignFormProblems, categoriesOf,
  emvFormOf, emvFormProblems, emvValuesOf, kolDraftOf, kolFormProblems, parseAmount, parseFollowers, searchKols, tierOfFollowers,
  type BookingForm, type CampaignForm, type EmvForm,
} from "../../machines/kolEditors/kolForms";

const campaign: KolCampaign = {
  id: 4, name: "Songkran glow 2025", objective: "awareness", budget: 250_000, start: "2025-04-01", end: "2025-04-30", status: "active", updatedAt: "2025-03-20T10:00:00+07:00",
};
const kol = (id: number, name: string, handle: string): Kol => ({
  id, name, handle, platform: "tiktok", followers: 50_000, categories: [], tier: "micro", updatedAt: "2025-03-20T10:00:00+07:00",
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

describe("the form rules", () => {
  it("reads amounts with commas, spaces and ฿, and nothing else", () => {
    expect(parseAmount("120,000")).toBe(120_000);
    expect(parseAmount(" ฿1,234.50 ")).toBe(1234.5);
    expect(parseAmount("0")).toBe(0);
    expect(parseAmount("")).toBeNaN();
    expect(parseAmount("-5")).toBeNaN();
    expect(parseAmount("12k")).toBeNaN();
    expect(parseAmount("1.2.3")).toBeNaN();
  });

  it("reads followers as a whole number, empty as not known, and gives the tier at its boundaries", () => {
    expect(parseFollowers("")).toBeNull();
    expect(parseFollowers("1,200,000")).toBe(1_200_000);
    expect(parseFollowers("12.5")).toBeNaN();
    expect(tierOfFollowers("9,999")).toBe("nano");
    expect(tierOfFollowers("10000")).toBe("micro");
    expect(tierOfFollowers("99999")).toBe("micro");
    expect(tierOfFollowers("100000")).toBe("macro");
    expect(tierOfFollowers("999,999")).toBe("macro");
    expect(tierOfFollowers("1,000,000")).toBe("mega");
    expect(tierOfFollowers("")).toBeNull();
    expect(tierOfFollowers("lots")).toBeNull();
  });

  it("splits categories by commas, trimmed, without blanks or repeats; strips the handle's @", () => {
    expect(categoriesOf(" beauty, skincare,,beauty , food ")).toEqual(["beauty", "skincare", "food"]);
    expect(kolDraftOf({ name: " Ploy ", handle: " @ploy.chanisa ", platform: "tiktok", followers: "", categories: "" })).toEqual({
      name: "Ploy", handle: "ploy.chanisa", platform: "tiktok", followers: null, categories: [],
    });
    expect(kolFormProblems({ name: "Ploy", handle: "ploy chanisa", platform: "tiktok", followers: "1.5", categories: "" })).toEqual({
      handle: expect.any(String), followers: expect.any(String),
    });
  });

  it("names every bad field of a campaign: an empty name, a budget that is not an amount, an end before the start", () => {
    const form: CampaignForm = { ...EMPTY_CAMPAIGN_FORM, budget: "lots", start: "2025-05-10", end: "2025-05-01" };
    expect(Object.keys(campaignFormProblems(form)).sort()).toEqual(["budget", "end", "name"]);
    expect(campaignFormProblems(form).end).toBe("The end date must not be before the start date.");
    expect(campaignFormProblems(campaignFormOf(campaign))).toEqual({});
    expect(campaignDraftOf({ ...campaignFormOf(campaign), budget: "1,500.25" }).budget).toBe(1500.25);
  });

  it("wants a KOL and a fee for a booking, and EMV values of ฿0 or more", () => {
    expect(Object.keys(bookingFormProblems(EMPTY_BOOKING_FORM)).sort()).toEqual(["fee", "kolId"]);
    expect(bookingFormProblems({ kolId: 3, deliverables: "", fee: "0", status: "proposed" })).toEqual({});
    expect(emvFormProblems(DEFAULT_EMV_FORM)).toEqual({});
    expect(Object.keys(emvFormProblems({ ...DEFAULT_EMV_FORM, likes: "-1", views: "0.001" })).sort()).toEqual(["likes", "views"]);
    expect(emvValuesOf(emvFormOf(DEFAULT_EMV_VALUES))).toEqual(DEFAULT_EMV_VALUES);
  });

  it("searches the roster by name or handle, any case, @ ignored", () => {
    const roster = [kol(1, "Ploy Chanisa", "ploy.chanisa"), kol(2, "Mild Natcha", "mildnatcha")];
    expect(searchKols(roster, "").map((k) => k.id)).toEqual([1, 2]);
    expect(searchKols(roster, "@MILD").map((k) => k.id)).toEqual([2]);
    expect(searchKols(roster, "chanisa").map((k) => k.id)).toEqual([1]);
    expect(searchKols(roster, "nobody")).toEqual([]);
  });

  it("finds the field a server 400 names, under the request's key or bare; nothing for other answers", () => {
    const fields = ["name", "budget", "start", "end"];
    expect(fieldRefusal(httpError(400, "campaign.end: must not be before start"), "campaign", fields)).toEqual({ field: "end", message: "Must not be before start" });
    expect(fieldRefusal(httpError(400, "budget: too large"), "campaign", fields)).toEqual({ field: "budget", message: "Too large" });
    expect(fieldRefusal(httpError(400, "brand: is required"), "campaign", fields)).toBeNull();
    expect(fieldRefusal(httpError(500, "campaign.end: oops"), "campaign", fields)).toBeNull();
    expect(fieldRefusal(new Error("campaign.end: no status"), "campaign", fields)).toBeNull();
  });
});

describe("the campaign dialog's chart", () => {
  function start(save: (input: KolEditorInput<CampaignForm>) => Promise<KolCampaign>) {
    const sent: KolEditorInput<CampaignForm>[] = [];
    const saved: KolCampaign[] = [];
    const actor = createActor(
      kolCampaignEditorMachine.provide({
        actors: { save: fromPromise<KolCampaign, KolEditorInput<CampaignForm>>(({ input }) => (sent.push(input), save(input))) },
        actions: { notifySaved: (_, { result }) => void saved.push(result) },
      }),
    ).start();
    return { actor, sent, saved, view: () => selectKolEditor(actor.getSnapshot(), campaignFormProblems) };
  }

  it("shows problems only after Save, live after that, and sends nothing meanwhile", () => {
    const t = start(async () => campaign);
    t.actor.send({ type: "editor.open", brand: "Tipco", scope: null, id: null, form: EMPTY_CAMPAIGN_FORM });
    t.actor.send({ type: "editor.set", patch: { name: "Launch", budget: "100000", start: "2025-05-10", end: "2025-05-01" } });
    expect(t.view()).toMatchObject({ open: true, mode: "new", problems: {} });
    t.actor.send({ type: "editor.save" });
    expect(t.actor.getSnapshot().value).toBe("editing");
    expect(t.sent).toEqual([]);
    expect(t.view().problems).toEqual({ end: "The end date must not be before the start date." });
    t.actor.send({ type: "editor.set", patch: { end: "2025-05-31" } });
    expect(t.view().problems).toEqual({});
  });

  it("sends the form for the brand it was opened for, then closes with the stored campaign", async () => {
    const t = start(async () => campaign);
    t.actor.send({ type: "editor.open", brand: "Tipco", scope: null, id: 4, form: campaignFormOf(campaign) });
    expect(t.view().mode).toBe("edit");
    t.actor.send({ type: "editor.save" });
    await waitFor(t.actor, (s) => s.value === "saved");
    expect(t.sent).toEqual([{ brand: "Tipco", scope: null, id: 4, form: campaignFormOf(campaign) }]);
    expect(t.saved).toEqual([campaign]);
    expect(t.view().open).toBe(false);
  });

  it("shows a field the server refused under that field, and another failure as the dialog's error", async () => {
    let answer: Error = httpError(400, "campaign.name: A campaign of this name already exists.");
    const t = start(() => Promise.reject(answer));
    t.actor.send({ type: "editor.open", brand: "Tipco", scope: null, id: 4, form: campaignFormOf(campaign) });
    t.actor.send({ type: "editor.save" });
    await waitFor(t.actor, (s) => s.value !== "saving");
    expect(t.actor.getSnapshot().value).toBe("editing");
    expect(t.view().problems).toEqual({ name: "A campaign of this name already exists." });
    t.actor.send({ type: "editor.set", patch: { name: "Songkran glow 2025 (2)" } });
    expect(t.view().problems).toEqual({});
    answer = httpError(500, "The server failed.");
    t.actor.send({ type: "editor.save" });
    await waitFor(t.actor, (s) => s.value === "failed");
    expect(t.view()).toMatchObject({ open: true, error: "The server failed.", problems: {} });
  });
});

describe("the booking dialog's chart", () => {
  it("loads the roster first, takes a KOL added meanwhile, and saves into the campaign it was opened on", async () => {
    const roster = [kol(1, "Ploy Chanisa", "ploy.chanisa")];
    const sent: KolEditorInput<BookingForm>[] = [];
    let loads = 0;
    const stored: KolBooking = { id: 9, campaignId: 4, kolId: 2, deliverables: "", fee: 8000, status: "proposed", updatedAt: "2025-03-20T10:00:00+07:00" };
    const actor = createActor(
      kolBookingEditorMachine.provide({
        actors: {
          load: fromPromise<KolEditorLoaded<BookingForm, KolRoster>, KolEditorInput<BookingForm>>(async () => {
            loads += 1;
            if (loads === 1) throw httpError(0, "The server could not be reached.");
            return { options: roster, form: null };
          }),
          save: fromPromise<KolBooking, KolEditorInput<BookingForm>>(async ({ input }) => (sent.push(input), stored)),
        },
      }),
    ).start();
    const view = () => selectKolEditor(actor.getSnapshot(), bookingFormProblems);
    actor.send({ type: "editor.open", brand: "Tipco", scope: 4, id: null, form: EMPTY_BOOKING_FORM });
    expect(view()).toMatchObject({ open: true, loading: true });
    await waitFor(actor, (s) => (s.value as string) === "loadFailed");
    expect(view()).toMatchObject({ open: true, loading: false, loadError: "The server could not be reached." });
    actor.send({ type: "editor.retry" });
    await waitFor(actor, (s) => s.value === "editing");
    expect(view().options).toEqual(roster);
    const added = kol(2, "Mild Natcha", "mildnatcha");
    actor.send({ type: "editor.options", options: [...roster, added] });
    actor.send({ type: "editor.set", patch: { kolId: 2, fee: "8,000" } });
    actor.send({ type: "editor.save" });
    await waitFor(actor, (s) => s.value === "saved");
    expect(sent).toEqual([{ brand: "Tipco", scope: 4, id: null, form: { ...EMPTY_BOOKING_FORM, kolId: 2, fee: "8,000" } }]);
  });
});

describe("the EMV dialog's chart", () => {
  it("edits the stored values, resets them to the defaults, and names a bad value", async () => {
    const stored = { ...DEFAULT_EMV_VALUES, views: 0.15 };
    const actor = createActor(
      kolEmvEditorMachine.provide({
        actors: {
          load: fromPromise<KolEditorLoaded<EmvForm, EmvStamp>, KolEditorInput<EmvForm>>(async () => ({
            options: { updatedAt: "2025-03-01T09:00:00+07:00", updatedBy: "demo@example.com" }, form: emvFormOf(stored),
          })),
        },
      }),
    ).start();
    const view = () => selectKolEditor(actor.getSnapshot(), emvFormProblems);
    actor.send({ type: "editor.open", brand: "Tipco", scope: null, id: null, form: DEFAULT_EMV_FORM });
    await waitFor(actor, (s) => s.value === "editing");
    expect(view().form.views).toBe("0.15");
    expect(view().options).toEqual({ updatedAt: "2025-03-01T09:00:00+07:00", updatedBy: "demo@example.com" });
    actor.send({ type: "editor.set", patch: { likes: "-2" } });
    actor.send({ type: "editor.save" });
    expect(view().problems).toEqual({ likes: "The value must be an amount of ฿0 or more, with at most 2 decimals." });
    actor.send({ type: "editor.set", patch: DEFAULT_EMV_FORM });
    expect(view().form).toEqual(DEFAULT_EMV_FORM);
    expect(view().problems).toEqual({});
  });
});

describe("the delete confirmation's chart", () => {
  it("asks, keeps the question with the reason when refused, and deletes on Try again", async () => {
    const sent: KolDeleteInput[] = [];
    const deleted: string[] = [];
    let refuse = true;
    const actor = createActor(
      kolDeleteMachine.provide({
        actors: {
          deleteItem: fromPromise<unknown, KolDeleteInput>(async ({ input }) => {
            sent.push(input);
            if (refuse) throw httpError(400, "The KOL has 2 bookings: delete them first.");
            return { msg: "Delete Success" };
          }),
        },
        actions: { notifyDeleted: (_, { target }) => void deleted.push(target.name) },
      }),
    ).start();
    const view = () => selectKolDelete(actor.getSnapshot());
    actor.send({ type: "delete.open", brand: "Tipco", target: { kind: "kol", id: 11, name: "Ploy Chanisa" } });
    expect(view()).toMatchObject({ open: true, deleting: false, error: null });
    actor.send({ type: "delete.confirm" });
    expect(view().deleting).toBe(true);
    await waitFor(actor, (s) => s.value === "confirming");
    expect(view()).toMatchObject({ open: true, error: "The KOL has 2 bookings: delete them first." });
    refuse = false;
    actor.send({ type: "delete.confirm" });
    await waitFor(actor, (s) => s.value === "deleted");
    expect(sent).toEqual([{ brand: "Tipco", kind: "kol", id: 11 }, { brand: "Tipco", kind: "kol", id: 11 }]);
    expect(deleted).toEqual(["Ploy Chanisa"]);
    expect(view().open).toBe(false);
  });
});
