/**
 * The actors of the /brandEx statecharts: the page's load (`machines/brandEx/brandExMachine`) and
 * the other modules' lines (`brandExModulesMachine`), each tracked by the shell's loading bar.
 */
import { pageLoader } from "../../../machines/shared/pageLoad";
import type { BrandExQuery } from "../../../machines/brandEx/brandExMachine";
import { trackLoading } from "@/app/loading";
import { currentAccess, loadBrandEx, loadModuleLines } from "@/features/brandEx/brandExData";

export const brandExActors = {
  load: pageLoader((view: BrandExQuery, signal) => trackLoading(loadBrandEx(view, signal))),
};

export const brandExModulesActors = {
  load: pageLoader((view: BrandExQuery, signal) => trackLoading(loadModuleLines(view, currentAccess(), signal))),
};
