/**
 * The open date-range picker: a month grid and the presets (spec §9), in the user's language and
 * calendar (issue 18). Loaded on first use.
 */
import { useState } from "react";
import { DATE_PRESETS, presetRange, type DatePreset } from "../../../domain/dates";
import { DateRangeInput } from "@/components/ui/DateRangeInput";
import { t, type MessageKey } from "@/i18n/i18n";

/** The presets' labels: DATE_PRESETS are the spec's English words and name the presets in code. */
export const PRESET_LABEL = {
  Today: "common.date.preset.today",
  Yesterday: "common.date.preset.yesterday",
  "This month": "common.date.preset.thisMonth",
  "This year": "common.date.preset.thisYear",
  "Last week": "common.date.preset.lastWeek",
  "Last month": "common.date.preset.lastMonth",
} as const satisfies Record<DatePreset, MessageKey>;

export interface DateRangePanelProps {
  /** The applied range as YYYY-MM-DD days. */
  start: string;
  end: string;
  onApply: (start: string, end: string) => void;
}

export default function DateRangePanel({ start, end, onApply }: DateRangePanelProps) {
  // The half-picked range is a draft; only a complete range is applied.
  const [draft, setDraft] = useState<{ start: string; end: string | null }>({ start, end });
  return (
    <>
      <DateRangeInput
        label={t("common.date.rangeDays")}
        start={draft.start}
        end={draft.end}
        onPick={(day) => {
          // The first click starts a range; the second ends it (a day before the start starts again).
          if (draft.end === null && day >= draft.start) onApply(draft.start, day);
          else setDraft({ start: day, end: null });
        }}
      />
      <p className="visually-hidden" aria-live="polite">
        {draft.end === null ? t("common.date.pickEnd") : ""}
      </p>
      <div className="date-presets" role="group" aria-label={t("common.date.presets")}>
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
            {t(PRESET_LABEL[preset])}
          </button>
        ))}
      </div>
    </>
  );
}
