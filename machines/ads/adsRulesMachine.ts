/**
 * The rules list of the /ads automation section (issue 15): the brand's rules (`GET
 * /user/ads-rules`), on the shared load cycle (`machines/shared/pageLoad.ts`); loads again when
 * the brand changes and after a rule is saved or deleted (`page.reload`). Empty when the brand has
 * no rule.
 */
import type { AdsRule } from "../../domain/adsContract";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

export interface AdsRulesQuery {
  readonly brand: string;
}

export const adsRulesMachine = createPageMachine<AdsRulesQuery, readonly AdsRule[]>({
  id: "adsRules",
  description: "The rules list of /ads: the brand's automation rules, each in words.", // i18n-ignore: statechart description (inspector, docs)
  isEmpty: (rules) => rules.length === 0,
  failedMessage: "The rules could not be loaded.",
});

export type AdsRulesActorRef = PageActorRef<AdsRulesQuery, readonly AdsRule[]>;
export type AdsRulesSnapshot = PageSnapshot<AdsRulesQuery, readonly AdsRule[]>;
