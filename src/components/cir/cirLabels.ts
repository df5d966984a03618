/**
 * The CIR words of the domain's tables (domain/cirContract.ts keeps them in English for the
 * server and its PDF) as catalogue keys: section sources' titles, modules, relative ranges.
 */
import type { RelativeRange, ReportModule, SectionSourceKey } from "../../../domain/cirContract";
import { t, type MessageKey } from "@/i18n/i18n";

const SOURCE_TITLE = {
  "brandEx.figures": "cir.source.brandExFigures",
  "brandEx.reach": "cir.source.brandExReach",
  "ma.figures": "cir.source.maFigures",
  "ma.engagements": "cir.source.maEngagements",
  "ads.figures": "cir.source.adsFigures",
  "ads.spend": "cir.source.adsSpend",
  "kol.figures": "cir.source.kolFigures",
  "kol.campaigns": "cir.source.kolCampaigns",
  "ecommerce.figures": "cir.source.ecommerceFigures",
  "ecommerce.gmv": "cir.source.ecommerceGmv",
  "ecommerce.channels": "cir.source.ecommerceChannels",
  "crm.figures": "cir.source.crmFigures",
  "crm.segments": "cir.source.crmSegments",
  "affiliate.figures": "cir.source.affiliateFigures",
  "affiliate.gmv": "cir.source.affiliateGmv",
  "o2o.figures": "cir.source.o2oFigures",
  "o2o.views": "cir.source.o2oViews",
} as const satisfies Record<SectionSourceKey, MessageKey>;

const MODULE = {
  brandEx: "cir.module.brandEx",
  ma: "cir.module.ma",
  ads: "cir.module.ads",
  kol: "cir.module.kol",
  ecommerce: "cir.module.ecommerce",
  crm: "cir.module.crm",
  affiliate: "cir.module.affiliate",
  o2o: "cir.module.o2o",
} as const satisfies Record<ReportModule, MessageKey>;

const RANGE = {
  last7: "cir.range.last7",
  last30: "cir.range.last30",
  lastMonth: "cir.range.lastMonth",
  thisMonth: "cir.range.thisMonth",
  lastQuarter: "cir.range.lastQuarter",
  yearToDate: "cir.range.yearToDate",
} as const satisfies Record<RelativeRange, MessageKey>;

/** A section source's title ("Post reach over time") in the active language. */
export const sourceTitle = (source: SectionSourceKey): string => t(SOURCE_TITLE[source]);

/** A module's name in the active language. */
export const moduleLabel = (module: ReportModule): string => t(MODULE[module]);

/** A relative range ("Last month") in the active language. */
export const relativeRangeLabel = (range: RelativeRange): string => t(RANGE[range]);
