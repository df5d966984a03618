/**
 * Unit tests render the UI as the app does once signed in: the module pages' messages loaded
 * (the default layout's route loads them before any page shows), English and Gregorian active.
 * A test that switches language or calendar puts English/Gregorian back after itself.
 */
import { beforeAll } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";

beforeAll(async () => {
  await loadAppMessages();
});
