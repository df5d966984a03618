/** What the /brandEx page reads from its statecharts (the page's data, the other modules' lines). */
import type { ModuleLine } from "../../domain/brandEx";
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { BrandExData, BrandExSnapshot } from "./brandExMachine";
import type { BrandExModulesSnapshot } from "./brandExModulesMachine";

export const selectPhase = (s: BrandExSnapshot): PagePhase<BrandExData> => selectPagePhase<BrandExData>(s);
export const samePhase = samePagePhase<BrandExData>;

export const selectModulesPhase = (s: BrandExModulesSnapshot): PagePhase<readonly ModuleLine[]> => selectPagePhase<readonly ModuleLine[]>(s);
export const sameModulesPhase = samePagePhase<readonly ModuleLine[]>;
