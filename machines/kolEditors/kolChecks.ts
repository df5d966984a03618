/**
 * The field checks of the KOL dialogs, in one place: every form of machines/kolEditors asks here
 * which fields of its draft are wrong and why (field → message). They are domain/kol.ts's, the
 * checks the server answers its 400s with, so a dialog and the server never disagree.
 */
export { bookingProblems, campaignProblems, emvProblems, kolProblems } from "../../domain/kol";

/** The message under each field that is wrong (fields left out are fine). */
export type Problems<K extends string> = Partial<Record<K, string>>;
