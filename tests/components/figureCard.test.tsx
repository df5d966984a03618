// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { figureChange, previousPeriod, type Polarity } from "../../domain/periodChange";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function render(node: ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const MARCH = previousPeriod({ start: "2024-03-01", end: "2024-03-31" });
const ONE_DAY = previousPeriod({ start: "2024-03-01", end: "2024-03-01" });

/** A card of one figure with its change, as a page shows it. */
async function card(current: number | null, previous: number | null, polarity: Polarity, period = MARCH) {
  const host = await render(
    <FigureCards label="Test figures">
      <FigureCard label="Customers" value="1,123" definition="People who ordered in the range." change={{ change: figureChange(current, previous, polarity), period }} />
    </FigureCards>,
  );
  const badge = host.querySelector(".change-badge")!;
  return {
    host,
    /** What a sighted person reads on the card (the arrow and percent). */
    shown: badge.querySelector('[aria-hidden="true"]')?.textContent,
    /** What a screen reader reads for the change. */
    heard: badge.querySelector(".visually-hidden")?.textContent,
    badge,
  };
}

describe("FigureCard", () => {
  it("shows the label, then the value, the change and the definition as descriptions of it", async () => {
    const { host } = await card(1123, 1000, "higher-is-better");
    const list = host.querySelector("dl")!;
    expect(list.getAttribute("aria-label")).toBe("Test figures");
    expect(host.querySelector("dt")?.textContent).toBe("Customers");
    expect([...host.querySelectorAll("dd")].map((d) => d.textContent)).toEqual([
      "1,123",
      "▲12.3 %up 12.3 % on the previous 31 days (2024-01-30 – 2024-02-29), good",
      "People who ordered in the range.",
    ]);
  });

  it.each<[string, number | null, number | null, Polarity, string, string, string]>([
    ["a rise of a figure where more is better", 1123, 1000, "higher-is-better", "▲12.3 %", "up 12.3 % on the previous 31 days (2024-01-30 – 2024-02-29), good", "change-good"],
    ["a rise of a figure where less is better", 1123, 1000, "lower-is-better", "▲12.3 %", "up 12.3 % on the previous 31 days (2024-01-30 – 2024-02-29), bad", "change-bad"],
    ["a fall of a figure where less is better", 800, 1000, "lower-is-better", "▼20.0 %", "down 20.0 % on the previous 31 days (2024-01-30 – 2024-02-29), good", "change-good"],
    ["a fall of a neutral figure, without good or bad", 800, 1000, "neutral", "▼20.0 %", "down 20.0 % on the previous 31 days (2024-01-30 – 2024-02-29)", "change-neutral"],
    ["a change too small to show", 1000.2, 1000, "higher-is-better", "=no change", "no change on the previous 31 days (2024-01-30 – 2024-02-29)", "change-neutral"],
    ["a figure that was 0 before", 5, 0, "higher-is-better", "▲new", "new: none in the previous 31 days (2024-01-30 – 2024-02-29), good", "change-good"],
    ["a previous period without data", 5, null, "higher-is-better", "no comparison", "no data to compare with the previous 31 days (2024-01-30 – 2024-02-29)", "change-none"],
    ["a large change with thousands", 250_000, 10, "higher-is-better", "▲2,499,900.0 %", "up 2,499,900.0 % on the previous 31 days (2024-01-30 – 2024-02-29), good", "change-good"],
  ])("says %s in words as well as with the arrow and colour", async (_, current, previous, polarity, shown, heard, colour) => {
    const got = await card(current, previous, polarity);
    expect(got.shown).toBe(shown);
    expect(got.heard).toBe(heard);
    expect(got.badge.getAttribute("title")).toBe(heard);
    expect(got.badge.classList.contains(colour)).toBe(true);
  });

  it("names a one-day previous period as the previous day", async () => {
    const got = await card(90, 100, "higher-is-better", ONE_DAY);
    expect(got.heard).toBe("down 10.0 % on the previous day (2024-02-29), bad");
  });

  it("leaves the change out where a page has no previous figure", async () => {
    const host = await render(
      <FigureCards label="Test figures">
        <FigureCard label="Mean score" value="3.20" />
      </FigureCards>,
    );
    expect([...host.querySelectorAll("dd")].map((d) => d.textContent)).toEqual(["3.20"]);
    expect(host.querySelector(".change-badge")).toBeNull();
  });
});
