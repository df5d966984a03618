// @vitest-environment happy-dom
/**
 * Dates and numbers in Thai with the Buddhist Era (issue 18): the formats, the periods of a
 * series, the typed date field, the top bar's month grid, CSV and PNG exports. English with the
 * Gregorian calendar is checked alongside where the two differ.
 */
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { formatDateTime, formatDay, formatDayFull, formatDayLong, formatMonth } from "@/components/format/dates";
import { formatCompact, formatMoney, formatMoneyFigure, formatPercent } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod, perUnit } from "@/components/format/periods";
import { periodLabel } from "@/components/charts/seriesScale";
import { dateAxis } from "@/components/charts/dateAxis";
import { narrowLayout } from "@/components/charts/chartLayout";
import { UTF8_BOM, toCsv } from "@/components/export/download";
import { captionLine, exportImageLayout } from "@/components/export/imageLayout";
import { DateInput } from "@/components/ui/DateInput";
import { DateRangeInput, monthWeeks } from "@/components/ui/DateRangeInput";
import DateRangePanel from "@/features/shell/DateRangePanel";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const thai = () => activateLocale({ language: "th", calendar: "buddhist" });
const english = () => activateLocale({ language: "en", calendar: "gregorian" });

beforeAll(async () => {
  await loadAppMessages();
  await loadLanguage("th");
});
afterAll(english);

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  english();
});

async function render(node: React.ReactNode): Promise<void> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
}

const field = () => document.querySelector<HTMLInputElement>("input")!;
async function type(text: string): Promise<void> {
  const input = field();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("days in the Buddhist Era", () => {
  it.each([
    ["2023-12-31", "2566-12-31"],
    ["2024-01-01", "2567-01-01"],
    ["2024-02-29", "2567-02-29"],
  ])("%s reads %s", (day, shown) => {
    thai();
    expect(formatDay(day)).toBe(shown);
    english();
    expect(formatDay(day)).toBe(day);
  });

  it("writes a leap day in words: 29 ก.พ. 2567, 29 กุมภาพันธ์ 2567", () => {
    thai();
    expect(formatDayLong("2024-02-29")).toBe("29 ก.พ. 2567");
    expect(formatDayFull("2024-02-29")).toBe("29 กุมภาพันธ์ 2567");
    english();
    expect(formatDayLong("2024-02-29")).toBe("29 Feb 2024");
    expect(formatDayFull("2024-02-29")).toBe("29 February 2024");
  });

  it.each([
    ["2023-12-31T17:00:00Z", "2567-01-01 00:00"],
    ["2023-12-31T16:59:59Z", "2566-12-31 23:59"],
  ])("the instant %s is %s in Bangkok", (instant, shown) => {
    thai();
    expect(formatDateTime(Date.parse(instant))).toBe(shown);
  });
});

describe("numbers in both languages", () => {
  it("money in tables keeps satang in both languages", () => {
    for (const pref of [english, thai]) {
      pref();
      expect(formatMoney(1234.5)).toBe("฿1,234.50");
    }
  });

  it.each([
    [1234567.89, "฿1,234,568"],
    [1200, "฿1,200"],
    [12.5, "฿12.50"],
  ])("a figure card's money %s reads %s in both languages", (n, text) => {
    english();
    expect(formatMoneyFigure(n)).toBe(text);
    thai();
    expect(formatMoneyFigure(n)).toBe(text);
  });

  it("says a million as 1.2M in English and 1.2 ล้าน in Thai", () => {
    english();
    expect(formatCompact(1_200_000)).toBe("1.2M");
    thai();
    expect(formatCompact(1_200_000)).toBe("1.2 ล้าน");
  });

  it("writes percents the same way in both languages", () => {
    english();
    expect(formatPercent(23.45)).toBe("23.5%");
    thai();
    expect(formatPercent(23.45)).toBe("23.5%");
  });
});

describe("periods of a series", () => {
  it("names a week, a month and the per-unit words in the active language and calendar", () => {
    english();
    expect(formatPeriod("2024-09-09", "day")).toBe("2024-09-09");
    expect(formatPeriod("2024-09-09", "week")).toBe("Week of 2024-09-09");
    expect(formatPeriod("2024-09-01", "month")).toBe("September 2024");
    expect(PER_UNIT.week).toBe("per week");
    thai();
    expect(formatPeriod("2024-09-09", "day")).toBe("2567-09-09");
    expect(formatPeriod("2024-09-09", "week")).toBe("สัปดาห์ที่เริ่ม 9 ก.ย. 2567");
    expect(formatPeriod("2024-09-01", "month")).toBe("กันยายน 2567");
    expect(PER_UNIT.week).toBe("ต่อสัปดาห์");
    expect(perUnit("month")).toBe("ต่อเดือน");
    expect(periodLabel("2024-12-30", "week", "long")).toBe("สัปดาห์ที่เริ่ม 30 ธ.ค. 2567");
  });

  it("a BE year in English: Week of 2567-09-09", () => {
    activateLocale({ language: "en", calendar: "buddhist" });
    expect(formatPeriod("2024-09-09", "week")).toBe("Week of 2567-09-09");
  });
});

describe("date axes", () => {
  it("labels ticks in Thai with the BE year, and a narrow chart keeps every other tick", () => {
    thai();
    const days = ["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01"];
    const axis = dateAxis(days, "month");
    expect(axis.ticktext).toEqual(["ม.ค. 2567", "ก.พ. 2567", "มี.ค. 2567", "เม.ย. 2567"]);
    const narrow = narrowLayout([{ type: "scatter", x: days, y: [1, 2, 3, 4] }], { xaxis: axis });
    expect(narrow.xaxis?.tickvals).toEqual(["2024-01-01", "2024-03-01"]);
    expect(narrow.xaxis?.ticktext).toEqual(["ม.ค. 2567", "มี.ค. 2567"]);
    expect(narrow.xaxis?.nticks).toBeUndefined();
  });
});

describe("exports", () => {
  const columns = [
    { header: "Date", value: (r: { day: string; gmv: number }) => r.day, date: true },
    { header: "GMV", value: (r: { day: string; gmv: number }) => r.gmv },
  ];
  const rows = [{ day: "2024-02-29", gmv: 1200.5 }];

  it("writes date columns in the calendar and says which in their header", () => {
    english();
    expect(toCsv(rows, columns)).toBe(`${UTF8_BOM}Date (CE),GMV\r\n2024-02-29,1200.5\r\n`);
    thai();
    expect(toCsv(rows, columns)).toBe(`${UTF8_BOM}Date (พ.ศ.),GMV\r\n2567-02-29,1200.5\r\n`);
    activateLocale({ language: "en", calendar: "buddhist" });
    expect(toCsv([{ day: "2024-02-29T13:05:00", gmv: 1 }], columns)).toBe(`${UTF8_BOM}Date (BE),GMV\r\n2567-02-29T13:05:00,1\r\n`);
  });

  it("leaves unmarked columns as given", () => {
    thai();
    expect(toCsv(rows, [{ header: "start", value: (r) => r.day }])).toBe(`${UTF8_BOM}start\r\n2024-02-29\r\n`);
  });

  it("puts the days and the calendar in the PNG's caption", () => {
    thai();
    const caption = captionLine("Tipco", "2024-01-01", "2024-01-31");
    expect(caption).toBe("Tipco · 2567-01-01 – 2567-01-31");
    const title = exportImageLayout({}, { title: "GMV", subtitle: caption }).title as { text: string };
    expect(title.text).toContain("Tipco · 2567-01-01 – 2567-01-31 · วันที่: พุทธศักราช (พ.ศ.)");
    english();
    const en = exportImageLayout({}, { title: "GMV", subtitle: captionLine("Tipco", "2024-01-01", "2024-01-31") }).title as { text: string };
    expect(en.text).toContain("Tipco · 2024-01-01 – 2024-01-31 · Dates: Gregorian calendar (CE)");
  });
});

function Controlled({ initial, onChange, min }: { initial: string; onChange: (day: string) => void; min?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <DateInput
      label="วันเริ่ม"
      value={day}
      min={min}
      onChange={(d) => {
        onChange(d);
        setDay(d);
      }}
    />
  );
}

describe("DateInput in the Buddhist Era", () => {
  it("shows the BE day and a Thai placeholder, and passes on the ISO day typed as BE", async () => {
    thai();
    const onChange = vi.fn();
    await render(<Controlled initial="2024-01-16" onChange={onChange} />);
    expect(field().value).toBe("2567-01-16");
    expect(field().placeholder).toBe("ปปปป-ดด-วว (พ.ศ.)");
    await type("2567-02-29");
    expect(onChange).toHaveBeenLastCalledWith("2024-02-29");
    expect(field().value).toBe("2567-02-29");
  });

  it("refuses 2566-02-29 with a Thai message", async () => {
    thai();
    const onChange = vi.fn();
    await render(<Controlled initial="2024-01-16" onChange={onChange} />);
    await type("2566-02-29");
    expect(onChange).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("ไม่มีวันที่ 2566-02-29 ในปฏิทิน");
  });

  it("names a bound in BE", async () => {
    thai();
    await render(<Controlled initial="2024-03-01" onChange={vi.fn()} min="2024-01-16" />);
    await type("2567-01-01");
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("วันที่ต้องเป็นวันที่ 2567-01-16 หรือหลังจากนั้น");
  });

  it("in Gregorian mode accepts a BE-looking year and hints at the calendar setting", async () => {
    english();
    const onChange = vi.fn();
    await render(<Controlled initial="" onChange={onChange} />);
    await type("2567-03-01");
    expect(onChange).toHaveBeenLastCalledWith("2567-03-01");
    expect(document.querySelector(".field-hint")?.textContent).toContain("2567 reads as a Gregorian year");
    expect(field().getAttribute("aria-describedby")).toBe(document.querySelector(".field-hint")?.id);
  });
});

describe("the month grid", () => {
  it("lays out February 2024 from Monday, leap day included", () => {
    const weeks = monthWeeks("2024-02-10");
    expect(weeks[0]).toEqual([null, null, null, "2024-02-01", "2024-02-02", "2024-02-03", "2024-02-04"]);
    expect(weeks.flat().filter((d) => d !== null)).toHaveLength(29);
  });

  it("shows Thai month and day names with the BE year, each day named in full", async () => {
    thai();
    await render(<DateRangeInput label="วันในช่วงวันที่" start="2024-02-01" end="2024-02-29" onPick={vi.fn()} />);
    expect(document.body.textContent).toContain("กุมภาพันธ์ 2567");
    const leap = document.querySelector<HTMLButtonElement>('button[data-day="2024-02-29"]')!;
    expect(leap.textContent).toBe("29");
    expect(leap.getAttribute("aria-label")).toBe("29 กุมภาพันธ์ 2567");
    expect([...document.querySelectorAll("th")].map((th) => th.getAttribute("abbr"))[0]).toBe("วันจันทร์");
    expect(document.querySelector('button[aria-label="เดือนถัดไป"]')).not.toBeNull();
  });

  it("moves by month and picks a range in two clicks", async () => {
    const onApply = vi.fn();
    await render(<DateRangePanel start="2024-02-01" end="2024-02-29" onApply={onApply} />);
    expect(document.body.textContent).toContain("February 2024");
    const day = (d: string) => document.querySelector<HTMLButtonElement>(`button[data-day="${d}"]`)!;
    await act(async () => day("2024-02-10").click());
    expect(onApply).not.toHaveBeenCalled();
    await act(async () => day("2024-02-20").click());
    expect(onApply).toHaveBeenCalledWith("2024-02-10", "2024-02-20");
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Next month"]')!.click());
    expect(document.body.textContent).toContain("March 2024");
    expect(day("2024-03-31").getAttribute("aria-label")).toBe("31 March 2024");
  });

  it("moves the focus with the arrow keys, into the next month", async () => {
    await render(<DateRangeInput label="Days of the range" start="2024-01-31" end="2024-01-31" onPick={vi.fn()} />);
    const grid = document.querySelector("table")!;
    await act(async () => grid.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    expect(document.activeElement?.getAttribute("data-day")).toBe("2024-02-01");
    expect(document.body.textContent).toContain("February 2024");
  });

  it("labels the presets in Thai; the month in Thai BE", async () => {
    thai();
    await render(<DateRangePanel start="2024-02-01" end="2024-02-29" onApply={vi.fn()} />);
    const presets = [...document.querySelectorAll(".date-presets button")].map((b) => b.textContent);
    expect(presets).toEqual(["วันนี้", "เมื่อวาน", "เดือนนี้", "ปีนี้", "สัปดาห์ที่แล้ว", "เดือนที่แล้ว"]);
    expect(formatMonth("2024-02-01")).toBe("กุมภาพันธ์ 2567");
  });
});
