/**
 * The KOL dialogs' statecharts (issue 16): one instance of the editor chart
 * (`createKolEditorMachine`) per form. The campaign and the KOL open on their form; the booking
 * loads the brand's KOL roster first, the EMV values load the brand's stored values first.
 */
import type { EmvValues, Kol, KolBooking, KolCampaign } from "../../domain/kolContract";
import { createKolEditorMachine } from "./kolEditorMachine";
import {
  EMPTY_BOOKING_FORM, EMPTY_CAMPAIGN_FORM, EMPTY_KOL_FORM, DEFAULT_EMV_FORM, bookingFormProblems, campaignFormProblems, emvFormProblems, kolFormProblems,
  type BookingForm, type CampaignForm, type EmvForm, type KolForm,
} from "./kolForms";

export const kolCampaignEditorMachine = createKolEditorMachine<CampaignForm, null, KolCampaign>(
  {
    id: "kolCampaignEditor",
    description: "The KOL campaign dialog (/campaign): New campaign and Edit, a form checked field by field.",
    loads: false,
    problems: campaignFormProblems,
    wrapper: "campaign",
  },
  EMPTY_CAMPAIGN_FORM,
);

export const kolKolEditorMachine = createKolEditorMachine<KolForm, null, Kol>(
  {
    id: "kolKolEditor",
    description: "The KOL dialog (/campaign): a KOL of the brand's roster, new or edited; the tier shows as the followers are typed.",
    loads: false,
    problems: kolFormProblems,
    wrapper: "kol",
  },
  EMPTY_KOL_FORM,
);

/** What the booking dialog loads: the brand's KOL roster, by name. */
export type KolRoster = readonly Kol[];

export const kolBookingEditorMachine = createKolEditorMachine<BookingForm, KolRoster, KolBooking>(
  {
    id: "kolBookingEditor",
    description: "The booking dialog (/campaign): the brand's KOL roster is read, then a KOL is picked (or added) with its deliverables, fee and status.",
    loads: true,
    problems: bookingFormProblems,
    wrapper: "booking",
  },
  EMPTY_BOOKING_FORM,
);

/** What the EMV dialog loads besides the values: who set them and when (null: the defaults). */
export interface EmvStamp {
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

export const kolEmvEditorMachine = createKolEditorMachine<EmvForm, EmvStamp, EmvValues>(
  {
    id: "kolEmvEditor",
    description: "The EMV values dialog (/campaign): the brand's per-action values are read, edited (or reset to the defaults) and saved.",
    loads: true,
    problems: emvFormProblems,
    wrapper: "values",
  },
  DEFAULT_EMV_FORM,
);
