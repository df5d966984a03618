/**
 * Unit tests render the UI as the app does once signed in, English and Gregorian active. Every
 * module namespace's English messages are loaded before any test file runs, even one that calls
 * `t` at its top level (the app registers each with the modules that use it: the catalogue
 * plugin's transform, tests/i18n/moduleMessages.test.ts). A test that switches language or calendar
 * puts English/Gregorian back after itself.
 */
import { beforeAll } from "vitest";
import enApp from "virtual:i18n/en/app";
import { loadAppMessages, registerMessages } from "@/i18n/i18n";

registerMessages("en", enApp);

beforeAll(async () => {
  await loadAppMessages();
});
