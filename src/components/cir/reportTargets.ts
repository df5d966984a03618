/**
 * The section a chart or a group of figure cards becomes in a CIR report ("Add to report"): its
 * `SECTION_SOURCES` key and the view frozen from the page (brand, the range as fixed days, the
 * page's filters; "All …" choices are left out: absent means all).
 */
import type { SectionSourceKey, SectionView } from "../../../domain/cirContract";
import type { AddToReportTarget } from "./AddToReportButton";

export interface FrozenView {
  readonly brand: string;
  /** YYYY-MM-DD, both included. */
  readonly start: string;
  readonly end: string;
  readonly pages?: readonly string[] | undefined;
  readonly channel?: string | undefined;
  readonly platform?: string | undefined;
  readonly campaign?: number | undefined;
}

const isAll = (value: string | undefined): value is undefined => value === undefined || value === "" || /^all\b/i.test(value);

export function reportTarget(source: SectionSourceKey, v: FrozenView): AddToReportTarget {
  const view: { -readonly [K in keyof SectionView]: SectionView[K] } = { brand: v.brand, range: { kind: "fixed", start: v.start, end: v.end } };
  if (v.pages !== undefined && v.pages.length > 0) view.pages = [...v.pages];
  if (!isAll(v.channel)) view.channel = v.channel;
  if (!isAll(v.platform)) view.platform = v.platform;
  if (v.campaign !== undefined) view.campaign = v.campaign;
  return { source, view };
}

/** The target of a page's chart card by its id (`cards` maps card ids to sources), or undefined. */
export function cardTarget(cards: Readonly<Record<string, SectionSourceKey>>, cardId: string, v: FrozenView): AddToReportTarget | undefined {
  const source = cards[cardId];
  return source === undefined ? undefined : reportTarget(source, v);
}
