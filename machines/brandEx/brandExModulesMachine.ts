/**
 * The lines of the other modules on /brandEx (Ads spend and ROAS, E-Commerce GMV and NMV, o2o
 * shows and views, by permission), on their own load cycle (`machines/shared/pageLoad.ts`): a
 * module's figures can take seconds (the first E-Commerce read of a brand's orders), and the
 * overview and KPI progress (`brandExMachine`) never wait for them. Empty when the user may open
 * none of those modules.
 */
import type { ModuleLine } from "../../domain/brandEx";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";
import type { BrandExQuery } from "./brandExMachine";

export const brandExModulesMachine = createPageMachine<BrandExQuery, readonly ModuleLine[]>({
  id: "brandExModules",
  description: "The lines of the other modules on /brandEx (Ads, E-Commerce, o2o by permission), loaded on their own so the overview never waits for them.",
  isEmpty: (lines) => lines.length === 0,
  failedMessage: "The other modules' figures could not be loaded.",
});

export type BrandExModulesActorRef = PageActorRef<BrandExQuery, readonly ModuleLine[]>;
export type BrandExModulesSnapshot = PageSnapshot<BrandExQuery, readonly ModuleLine[]>;
