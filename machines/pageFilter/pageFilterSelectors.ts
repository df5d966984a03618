/** Named reads of a page filter snapshot for the UI. */
import type { PageFilterSnapshot } from "./pageFilterMachine";

/** The applied clicks, oldest first. */
export const selectClicks = (s: PageFilterSnapshot) => s.context.clicks;
/** True when a click can be taken back. */
export const selectCanUndo = (s: PageFilterSnapshot) => s.matches("filtered");
/** True when a click taken back can be applied again. */
export const selectCanRedo = (s: PageFilterSnapshot) => s.context.undone.length > 0;
