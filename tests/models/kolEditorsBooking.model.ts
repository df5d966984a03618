/**
 * Model of the booking dialog (machines/kolEditors: the editor chart over the booking form, which
 * loads the brand's KOL roster first): the roster loaded or not (Try again, Cancel, Cancel while
 * loading); a KOL added to the roster; a KOL picked with a fee and a fee that is not a number;
 * the save answered, refused naming the fee, or failed.
 */
import { kolBookingEditorMachine } from "../../machines/kolEditors/kolEditors";
import { EMPTY_BOOKING_FORM, bookingFormOf, bookingFormProblems } from "../../machines/kolEditors/kolForms";
import { defineModel } from "../support/machineModel";
import { booking, httpError, kol, serverDown } from "./kolEditorsFixtures";

export default defineModel({
  machine: kolBookingEditorMachine,
  events: [
    { type: "editor.open", brand: "Tipco", scope: 4, id: null, form: EMPTY_BOOKING_FORM },
    { type: "editor.open", brand: "Tipco", scope: 4, id: booking.id, form: bookingFormOf(booking) },
    { type: "editor.options", options: [kol] },
    { type: "editor.set", patch: { kolId: kol.id, fee: "15,000", deliverables: "1 TikTok video" } },
    { type: "editor.set", patch: { fee: "fifteen thousand" } },
    { type: "editor.save" },
    { type: "editor.retry" },
    { type: "editor.cancel" },
  ],
  outputs: { load: [{ options: [kol], form: null }], save: [booking] },
  errors: {
    load: [serverDown],
    save: [httpError(400, "booking.fee: The fee must be an amount of ฿0 or more, with at most 2 decimals."), httpError(500, "Internal server error")],
  },
  serializeContext: (context) => ({ valid: Object.keys(bookingFormProblems(context.form)).length === 0 }),
});
