/**
 * Every message key, from the English catalogue (the source language): `t("kol.title")` with a
 * key that is not there does not type-check. One namespace per JSON file; a key starts with its
 * namespace. A new namespace file is added here and in docs/i18n.md.
 */
import type common from "./locales/en/common.json";
import type brandEx from "./locales/en/brandEx.json";
import type kpi from "./locales/en/kpi.json";
import type ma from "./locales/en/ma.json";
import type ads from "./locales/en/ads.json";
import type kol from "./locales/en/kol.json";
import type commerce from "./locales/en/commerce.json";
import type crm from "./locales/en/crm.json";
import type affiliate from "./locales/en/affiliate.json";
import type o2o from "./locales/en/o2o.json";
import type admin from "./locales/en/admin.json";
import type cir from "./locales/en/cir.json";
import type report from "./locales/en/report.json";
import type sale from "./locales/en/sale.json";

export type MessageKey =
  | keyof typeof common
  | keyof typeof brandEx
  | keyof typeof kpi
  | keyof typeof ma
  | keyof typeof ads
  | keyof typeof kol
  | keyof typeof commerce
  | keyof typeof crm
  | keyof typeof affiliate
  | keyof typeof o2o
  | keyof typeof admin
  | keyof typeof cir
  | keyof typeof report
  | keyof typeof sale;
