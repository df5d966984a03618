/** The zone the business runs in; all calendar days and `updated_at` stamps are read there. */
export const BUSINESS_ZONE = "Asia/Bangkok";
