/**
 * The side menu's words (issue 18): domain/permissions.ts keeps the spec's English labels and the
 * paths; the menu shows each in the user's language. Brand Experience, Ads & Automation and the
 * like are translated; CIR, CRM, O2O and the MA label are names and read the same.
 */
import type { MaLabel } from "../../../domain/entities";
import { t, type MessageKey } from "@/i18n/i18n";

const MA_PATH = "/ma";

const MENU_LABEL: Readonly<Record<string, MessageKey>> = {
  "/brandEx": "common.menu.brandEx",
  "/cir": "common.menu.cir",
  "/admin": "common.menu.admin",
  "/ads": "common.menu.ads",
  "/campaign": "common.menu.kol",
  "/e-commerce": "common.menu.eCommerce",
  "/crm": "common.menu.crm",
  "/affiliate": "common.menu.affiliate",
  "/o2o": "common.menu.o2o",
};

const MA_LABEL = { "Facebook MA": "common.menu.facebookMa", MA: "common.menu.ma" } as const satisfies Record<MaLabel, MessageKey>;

/**
 * A menu entry's label in the active language: /ma shows the brand's MA label ("Facebook MA" or
 * "MA"); an entry the map does not know keeps its label.
 */
export function menuLabel(path: string, label: string, maLabel: MaLabel): string {
  if (path === MA_PATH) return t(MA_LABEL[maLabel]);
  const key = MENU_LABEL[path];
  return key === undefined ? label : t(key);
}
