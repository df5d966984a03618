/** The actors of the /brandEx statechart (`machines/brandEx`): its load, tracked by the shell's loading bar. */
import { pageLoader } from "../../../machines/shared/pageLoad";
import type { BrandExQuery } from "../../../machines/brandEx/brandExMachine";
import { trackLoading } from "@/app/loading";
import { loadBrandEx } from "@/features/brandEx/brandExData";

export const brandExActors = {
  load: pageLoader((view: BrandExQuery, signal) => trackLoading(loadBrandEx(view, signal))),
};
