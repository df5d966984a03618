/** The KOL dialogs, one lazily loaded chunk (index.ts loads it on the first opening of any). */
export { BookingDialog } from "./BookingDialog";
export { CampaignDialog } from "./CampaignDialog";
export { DeleteKolItemDialog } from "./DeleteKolItemDialog";
export { EmvDialog } from "./EmvDialog";
export { ImportKolDialog } from "./ImportKolDialog";
export { KolDialog } from "./KolDialog";
