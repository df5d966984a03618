/** What the /e-commerce page reads from its statechart. */
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { ECommerceData, ECommerceSnapshot } from "./ecommerceMachine";

export const selectPhase = (s: ECommerceSnapshot): PagePhase<ECommerceData> => selectPagePhase<ECommerceData>(s);
export const samePhase = samePagePhase<ECommerceData>;
