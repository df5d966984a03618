/**
 * The entities of spec §3 as Effect Schemas: the one source of truth for their shapes.
 * The server decodes request bodies with them, the browser decodes responses with them.
 */
import { Schema } from "effect";
import { CalendarSystem, Language } from "./locale";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));

/** A title as typed by a person: 1–100 characters, not only spaces. */
export const Title = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(100),
  Schema.makeFilter((s: string) => s.trim().length > 0 || "must not be blank"),
);

/** Permission codes of spec §6: "1".."9" (and "0", whose meaning the spec does not show). */
export const PermissionCodes = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
export const PermissionCode = Schema.Literals(PermissionCodes);
export type PermissionCode = typeof PermissionCode.Type;

/** Social channels of an account (bag). */
export const SocialChannel = Schema.Literals(["facebook", "tiktok"]);
export type SocialChannel = typeof SocialChannel.Type;

/** A social page or profile inside a bag (`listpage` item). */
/** A page; `brand` is the brand owning it (its account's), so lists can follow the selected brand. */
export const Page = Schema.Struct({ id: Schema.String, name: Schema.String, brand: Schema.optionalKey(Schema.String) });
export type Page = typeof Page.Type;

/** An account: a group of pages on one channel, owned by a brand (`listbag` item). */
export const Bag = Schema.Struct({ _id: Schema.String, name: Schema.String, channel: SocialChannel, brand: Schema.optionalKey(Schema.String) });

/**
 * The items of a list (accounts or pages) that belong to `brand`, so the lists a brand team
 * picks from follow the brand in the top bar. Items the server sent without a brand are kept.
 */
export function ofBrand<T extends { readonly brand?: string }>(items: readonly T[], brand: string): T[] {
  return items.filter((item) => item.brand === undefined || item.brand === brand);
}
export type Bag = typeof Bag.Type;

/** An o2o campaign the user may read (`listO2O` item). */
export const O2OCampaignRef = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type O2OCampaignRef = typeof O2OCampaignRef.Type;

/** Account template entry (spec §3 accountTime.template): a channel and its first year. */
export const AccountTimeEntry = Schema.Struct({ channel: SocialChannel, startYear: Schema.Number.check(Schema.isInt()) });
export type AccountTimeEntry = typeof AccountTimeEntry.Type;

/** How a brand labels the Facebook MA module in the side menu: some brands call it just "MA". */
export const MaLabel = Schema.Literals(["Facebook MA", "MA"]);
export type MaLabel = typeof MaLabel.Type;

export const BrandSetting = Schema.Struct({ name: Schema.String, maLabel: MaLabel });
export type BrandSetting = typeof BrandSetting.Type;

/** The user as `GET /user/getdata` returns it: the fields of spec §3, plus brand settings and the account template. */
export const UserData = Schema.Struct({
  name: Schema.String,
  email: Schema.String,
  imgProfile: Schema.String,
  listpage: Schema.Array(Page),
  listbag: Schema.Array(Bag),
  listO2O: Schema.Array(O2OCampaignRef),
  tokenO2O: Schema.String,
  brand: Schema.Array(Schema.String),
  remember_token: Schema.NullOr(Schema.String),
  permissions: Schema.Array(PermissionCode),
  brandSettings: Schema.Array(BrandSetting),
  accountTime: Schema.Struct({ template: Schema.Array(AccountTimeEntry) }),
  /** The user's language and calendar (issue 18, docs/i18n.md). */
  language: Language,
  calendar: CalendarSystem,
});
export type UserData = typeof UserData.Type;

/** `updated_at` as the spec formats it: YYYY-MM-DDTHH:mm:ss (Asia/Bangkok wall time). */
export const LocalDateTime = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/));

const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));

/** Basket size bounds in THB; null = no bound. */
export const BasketSize = Schema.Struct({
  min: Schema.NullOr(NonNegative),
  max: Schema.NullOr(NonNegative),
}).check(
  Schema.makeFilter((b: { min: number | null; max: number | null }) =>
    b.min === null || b.max === null || b.min <= b.max
      ? true
      : { path: ["max"], issue: "must not be below basketSize.min" },
  ),
);

/** A saved filter template (spec §3); empty strings mean "all". */
export const FilterTemplate = Schema.Struct({
  title: Title,
  basketSize: BasketSize,
  product: text(200),
  platform: text(50),
  location: text(50),
  status: text(50),
  disabled: Schema.Boolean,
  customer: Schema.optionalKey(text(50)),
  profileImg: Schema.optionalKey(text(500)),
});
export type FilterTemplate = typeof FilterTemplate.Type;

/** A filter template as stored and listed. */
export const FilterTemplateRecord = Schema.Struct({ ...FilterTemplate.fields, updated_at: LocalDateTime });
export type FilterTemplateRecord = typeof FilterTemplateRecord.Type;

/**
 * An amount typed in a KPI form: a number, or the sanitised text of the input
 * (digits and one decimal point; "" = empty).
 */
export const Amount = Schema.Union([
  NonNegative,
  Schema.String.check(Schema.isPattern(/^(\d+\.?\d*|\.\d+)?$/), Schema.isMaxLength(30)),
]);
export type Amount = typeof Amount.Type;

export const KpiParamKeys = [
  "reach", "engagement", "page_like", "view", "follower", "impression",
  "click", "inbox", "gmv", "nmv", "leadgen", "conversion",
] as const;
export const KpiParamKey = Schema.Literals(KpiParamKeys);
export type KpiParamKey = typeof KpiParamKey.Type;

/** Parameters the KPI dialog offers, with their labels (spec §3). */
export const SelectableKpiParams: ReadonlyArray<{ key: KpiParamKey; label: string }> = [
  { key: "reach", label: "Reach" },
  { key: "engagement", label: "Engagement" },
  { key: "page_like", label: "Page like" },
  { key: "view", label: "View" },
  { key: "follower", label: "Follower" },
  { key: "impression", label: "Impression" },
  { key: "click", label: "Click" },
  { key: "inbox", label: "Inbox" },
  { key: "leadgen", label: "Leadgen" },
  { key: "conversion", label: "Conversion" },
];

export const KpiValue = Schema.Struct({ kpi: Amount, budget: Amount });
export type KpiValue = typeof KpiValue.Type;

/** A date as the pickers store it: YYYY-MM-DD, optionally with the stored time of day. */
export const DateText = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/));

export const PeriodEntry = Schema.Struct({ startDate: DateText, endDate: DateText, budget: Amount });
export type PeriodEntry = typeof PeriodEntry.Type;

const paramFields = Object.fromEntries(KpiParamKeys.map((k) => [k, KpiValue])) as {
  readonly [K in KpiParamKey]: typeof KpiValue;
};

/** The MA or ADS plan: monthly periods plus one object per parameter key. */
export const KpiPlan = Schema.Struct({ setMonth: Schema.Array(PeriodEntry).check(Schema.isMaxLength(120)), ...paramFields });
export type KpiPlan = typeof KpiPlan.Type;

export const RfmSettingNames = ["Recency", "Frequency", "Monetary"] as const;
export const RfmSettingName = Schema.Literals(RfmSettingNames);
export type RfmSettingName = typeof RfmSettingName.Type;

export const RfmWeight = Schema.Struct({ name: RfmSettingName, weight: Amount });
export type RfmWeight = typeof RfmWeight.Type;

/** Optional score bounds of a segment for one RFM setting (scores 1–5; null = open). */
export const SegmentBound = Schema.Struct({
  name: RfmSettingName,
  min: Schema.NullOr(Schema.Finite),
  max: Schema.NullOr(Schema.Finite),
});
export type SegmentBound = typeof SegmentBound.Type;

export const Segment = Schema.Struct({
  name: text(100),
  rank: Schema.Finite.check(Schema.isInt()),
  setting: Schema.optionalKey(Schema.Array(SegmentBound).check(Schema.isMaxLength(3))),
});
export type Segment = typeof Segment.Type;

export const RfmSettingBlock = Schema.Struct({ setting: Schema.Array(RfmWeight).check(Schema.isMaxLength(3)) });
export const RfmSegmentBlock = Schema.Struct({ segment: Schema.Array(Segment).check(Schema.isMaxLength(100)) });
export const RfmBlock = Schema.Union([RfmSettingBlock, RfmSegmentBlock]);
export type RfmBlock = typeof RfmBlock.Type;

/** A KPI template (spec §3): a named plan with a total Budget, MA and ADS plans and RFM settings. */
export const KpiTemplate = Schema.Struct({
  title: Title,
  Budget: Amount,
  MA: KpiPlan,
  ADS: KpiPlan,
  RFM: Schema.Array(RfmBlock).check(Schema.isMaxLength(2)),
});
export type KpiTemplate = typeof KpiTemplate.Type;

export const KpiTemplateRecord = Schema.Struct({ ...KpiTemplate.fields, updated_at: LocalDateTime });
export type KpiTemplateRecord = typeof KpiTemplateRecord.Type;

/** One entry of the append-only event log, as the history calls list it. */
export const EventRecord = Schema.Struct({
  id: Schema.Number,
  at: Schema.String,
  type: Schema.String,
  actor: Schema.String,
  payload: Schema.Unknown,
});
export type EventRecord = typeof EventRecord.Type;
