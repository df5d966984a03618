import { afterEach, describe, expect, it, vi } from "vitest";
import { warmIntl } from "@/app/warmIntl";

const { DateTimeFormat, Locale, NumberFormat } = Intl;

describe("warmIntl: ICU's first use in a task of its own (issue 19)", () => {
  afterEach(() => {
    Object.assign(Intl, { DateTimeFormat, Locale, NumberFormat });
    vi.useRealTimers();
  });

  it("makes the locale, a number format and a Bangkok date format each in a later task of its own, none in the caller's", () => {
    vi.useFakeTimers();
    const made: string[] = [];
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(locales?: string, options?: Intl.DateTimeFormatOptions) {
          super(locales, options);
          made.push(`date ${this.resolvedOptions().timeZone}`);
        }
      },
      Locale: class extends Locale {
        constructor(tag: string) {
          super(tag);
          made.push(`locale ${tag}`);
        }
      },
      NumberFormat: class extends NumberFormat {
        constructor(locales?: string, options?: Intl.NumberFormatOptions) {
          super(locales, options);
          made.push("number");
        }
      },
    });
    warmIntl();
    expect(made).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(made).toEqual(["locale en-US"]);
    vi.advanceTimersToNextTimer();
    expect(made).toEqual(["locale en-US", "number"]);
    vi.advanceTimersToNextTimer();
    expect(made).toEqual(["locale en-US", "number", "date Asia/Bangkok"]);
    vi.runAllTimers();
    expect(made).toHaveLength(3);
  });
});
