import { afterEach, describe, expect, it, vi } from "vitest";
import { warmIntl } from "@/app/warmIntl";

const { DateTimeFormat, NumberFormat } = Intl;

describe("warmIntl: ICU's first use in a task of its own (issue 19)", () => {
  afterEach(() => {
    Object.assign(Intl, { DateTimeFormat, NumberFormat });
    vi.useRealTimers();
  });

  it("makes a number format and a Bangkok date format in a later task, not in the caller's", () => {
    vi.useFakeTimers();
    const made: string[] = [];
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(locales?: string, options?: Intl.DateTimeFormatOptions) {
          super(locales, options);
          made.push(`date ${this.resolvedOptions().timeZone}`);
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
    vi.runAllTimers();
    expect(made).toEqual(["number", "date Asia/Bangkok"]);
  });
});
