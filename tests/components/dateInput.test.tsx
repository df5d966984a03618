// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DateInput } from "@/components/ui/DateInput";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function render(node: React.ReactNode): Promise<void> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
}

const field = () => document.querySelector<HTMLInputElement>("input")!;
const message = () => document.querySelector('[role="alert"]')?.textContent ?? null;

/** Types into the field as React sees it (the native setter, then an input event). */
async function type(text: string): Promise<void> {
  const input = field();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The field with its value held by the caller, as the KPI dialog does. */
function Controlled({ initial, onChange, min }: { initial: string; onChange: (day: string) => void; min?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <DateInput
      label="Ads start date"
      value={day}
      min={min}
      onChange={(d) => {
        onChange(d);
        setDay(d);
      }}
    />
  );
}

describe("DateInput", () => {
  it("shows the day as YYYY-MM-DD under its label, with the format as placeholder", async () => {
    await render(<DateInput label="Ads start date" value="2026-01-16" onChange={vi.fn()} />);
    const label = document.querySelector("label")!;
    expect(label.textContent).toBe("Ads start date");
    expect(document.getElementById(label.htmlFor)).toBe(field());
    expect(field().value).toBe("2026-01-16");
    expect(field().placeholder).toBe("YYYY-MM-DD");
  });

  it("passes a complete valid day on, and an emptied field as ''", async () => {
    const onChange = vi.fn();
    await render(<Controlled initial="" onChange={onChange} />);
    await type("2026-02");
    expect(onChange).not.toHaveBeenCalled();
    await type("2026-02-28");
    expect(onChange).toHaveBeenLastCalledWith("2026-02-28");
    await type("");
    expect(onChange).toHaveBeenLastCalledWith("");
    expect(message()).toBeNull();
  });

  it.each([
    ["02/28/2026", "Enter the date as YYYY-MM-DD, for example 2026-01-31."],
    ["2026-02-30", "2026-02-30 is not a day of the calendar."],
    ["2026-01-01", "The date must be on or after 2026-01-16."],
  ])("says what is wrong with %j, marks the field invalid and keeps the last valid day", async (text, why) => {
    const onChange = vi.fn();
    await render(<Controlled initial="2026-03-01" onChange={onChange} min="2026-01-16" />);
    await type(text);
    expect(onChange).not.toHaveBeenCalled();
    expect(message()).toBe(why);
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field().getAttribute("aria-describedby")!)?.textContent).toBe(why);
  });

  it("waits until the user leaves the field before complaining about a short entry", async () => {
    await render(<Controlled initial="" onChange={vi.fn()} />);
    await type("2026-1");
    expect(message()).toBeNull();
    await act(async () => field().dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(message()).toBe("Enter the date as YYYY-MM-DD, for example 2026-01-31.");
  });

  it("shows a new value from the caller in place of what was typed", async () => {
    const { rerender } = await (async () => {
      await render(<DateInput label="Ads end date" value="2026-01-31" onChange={vi.fn()} />);
      return { rerender: (node: React.ReactNode) => act(async () => root?.render(node)) };
    })();
    await type("2026-0");
    await rerender(<DateInput label="Ads end date" value="2026-03-15" onChange={vi.fn()} />);
    expect(field().value).toBe("2026-03-15");
  });
});
