import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { toDisplayDate, type DateRange } from "../../../domain/dates";
import { guardedImport } from "@/app/chunkReload";
import { formatDay } from "@/components/format/dates";
import { t } from "@/i18n/i18n";

const loadPanel = guardedImport(() => import("@/features/shell/DateRangePanel"));
const DateRangePanel = lazy(loadPanel);

export interface DateRangePickerProps {
  /** The applied range (stored form). */
  range: DateRange;
  /** A complete range was chosen: YYYY-MM-DD days. */
  onApply: (start: string, end: string) => void;
}

/**
 * The top bar's range picker (spec §2, §9): a button showing the applied range as
 * YYYY-MM-DD in the user's calendar (2567-02-01 in the Buddhist Era; the URL keeps ISO days), opening a month grid with the presets. The grid's code is fetched when the
 * pointer or focus reaches the button, so it is there by the time of the click.
 */
export function DateRangePicker({ range, onApply }: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const start = toDisplayDate(range.startDate);
  const end = toDisplayDate(range.endDate);
  const shownStart = formatDay(start);
  const shownEnd = formatDay(end);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current !== null && !root.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const prefetch = () => void loadPanel().catch(() => undefined);

  return (
    <div className="top-field date-range" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="p-inputtext p-component date-range-trigger"
        aria-label={t("common.date.rangeButton", { start: shownStart, end: shownEnd })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen((was) => !was)}
      >
        <span>
          {shownStart} - {shownEnd}
        </span>
        <i className="pi pi-calendar" aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} className="date-range-panel" role="dialog" aria-label={t("common.date.chooseRange")}>
          <Suspense fallback={<p className="pending">{t("common.date.loading")}</p>}>
            <DateRangePanel
              start={start}
              end={end}
              onApply={(s, e) => {
                close(true);
                onApply(s, e);
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
