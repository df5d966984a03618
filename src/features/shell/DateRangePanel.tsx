/**
 * The open date-range picker: a month grid and the presets (spec §9). Loaded on first use,
 * because PrimeReact's Calendar is the heaviest part of the top bar.
 */
import { useState } from "react";
import { updateLocaleOption } from "@/components/ui/locale";
import { DATE_PRESETS, presetRange } from "../../../domain/dates";
import { DateRangeInput } from "@/components/ui/DateRangeInput";
import { dateOfDay, dayOfDate } from "@/features/shell/calendarDays";

// Spec §9: weeks start on Monday.
updateLocaleOption("firstDayOfWeek", 1, "en");

export interface DateRangePanelProps {
  /** The applied range as YYYY-MM-DD days. */
  start: string;
  end: string;
  onApply: (start: string, end: string) => void;
}

export default function DateRangePanel({ start, end, onApply }: DateRangePanelProps) {
  // The half-picked range is a draft; only a complete range is applied.
  const [draft, setDraft] = useState<[Date, Date | null]>([dateOfDay(start), dateOfDay(end)]);
  return (
    <>
      <DateRangeInput
        label="Days of the range"
        value={draft}
        onChange={(value) => {
          const [first, second] = value ?? [];
          if (first instanceof Date && second instanceof Date) onApply(dayOfDate(first), dayOfDate(second));
          else if (first instanceof Date) setDraft([first, null]);
        }}
      />
      <div className="date-presets" role="group" aria-label="Date presets">
        {DATE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="p-button p-button-text p-button-sm"
            onClick={() => {
              const days = presetRange(preset, Date.now());
              onApply(days.startDate, days.endDate);
            }}
          >
            {preset}
          </button>
        ))}
      </div>
    </>
  );
}
