/**
 * Model of the locale statechart (issue 18) for the generic runner (README.md here): the user
 * picks a language or a calendar (a change, and a pick of what is shown already), signing in
 * brings the stored choice (differing, and equal), signing out; loading a language's messages
 * and saving the choice both succeed or fail.
 */
import { defineModel } from "../support/machineModel";
import { localeMachine } from "../../machines/locale/localeMachine";

export default defineModel({
  machine: localeMachine,
  input: { remembered: { language: "en", calendar: "gregorian" } },
  events: [
    { type: "locale.choose", language: "th" },
    { type: "locale.choose", calendar: "buddhist" },
    { type: "locale.choose", language: "en", calendar: "gregorian" },
    { type: "user.loaded", preference: { language: "th", calendar: "buddhist" } },
    { type: "user.loaded", preference: { language: "en", calendar: "gregorian" } },
    { type: "user.signedOut" },
  ],
  errors: {
    loadMessages: [new Error("Failed to fetch dynamically imported module (fake)")],
    saveChoice: [new Error("500 (fake)")],
  },
  serializeContext: (c) => ({ shown: `${c.shown.language}-${c.shown.calendar}`, pending: c.pending === null ? null : `${c.pending.language}-${c.pending.calendar}`, save: c.save, signedIn: c.signedIn, error: c.error !== null }),
});
