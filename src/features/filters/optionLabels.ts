/**
 * The filter options as shown: the values stay the spec's English (URL, templates, API), the
 * words are the user's language. Lazada and Shopee are names and show as they are.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../domain/commerce";
import type { LOCATION_OPTIONS } from "../../../domain/viewSearch";
import { ALL_STATUS } from "../../../machines/filterDrawer/filterDraft";
import { t, type MessageKey } from "@/i18n/i18n";

type Location = (typeof LOCATION_OPTIONS)[number];

const LOCATION_LABEL = {
  "All Location": "common.option.allLocation",
  "Bangkok and Vicinity": "common.option.bangkokVicinity",
  Central: "common.option.central",
  Eastern: "common.option.eastern",
  Western: "common.option.western",
  "Upper Northern": "common.option.upperNorthern",
  "Lower Northern": "common.option.lowerNorthern",
  "Upper Northeastern": "common.option.upperNortheastern",
  "Lower Northeastern": "common.option.lowerNortheastern",
  Southern: "common.option.southern",
} as const satisfies Record<Location, MessageKey>;

const STATUS_LABEL = {
  completed: "common.option.completed",
  pending: "common.option.pending",
  cancelled: "common.option.cancelled",
  returned: "common.option.returned",
} as const satisfies Record<OrderStatus, MessageKey>;

const ALL_PLATFORM = "All Platform";

/** "All Platform" in the user's language; a platform's own name as it is. */
export const platformLabel = (platform: string): string => (platform === ALL_PLATFORM ? t("common.option.allPlatform") : platform);

/** A region of Thailand (or All Location) in the user's language. */
export function locationLabel(location: string): string {
  const key = (LOCATION_LABEL as Readonly<Record<string, MessageKey>>)[location];
  return key === undefined ? location : t(key);
}

/** A status option (ALL_STATUS or an order status's English label) in the user's language. */
export function statusLabel(option: string): string {
  if (option === ALL_STATUS) return t("common.option.allStatus");
  const status = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).find((s) => ORDER_STATUS_LABELS[s] === option);
  return status === undefined ? option : t(STATUS_LABEL[status]);
}
