/** The /cir "New report" dialog: title, brand, and the range (fixed days or a relative range). */
import { useId, useState } from "react";
import { RELATIVE_RANGES, type RelativeRange, type Report, type ReportRange } from "../../../domain/cirContract";
import { isDay } from "../../../domain/calendarDays";
import { authedCall } from "@/app/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { DateInput } from "@/components/ui/DateInput";
import { relativeRangeLabel } from "@/components/cir/cirLabels";
import { t, translateMessage } from "@/i18n/i18n";

export interface NewReportDialogProps {
  visible: boolean;
  brands: readonly string[];
  defaultBrand: string;
  onClose: () => void;
  onCreated: (report: Report) => void;
}

export function NewReportDialog({ visible, brands, defaultBrand, onClose, onCreated }: NewReportDialogProps) {
  const [title, setTitle] = useState("");
  const [brand, setBrand] = useState(defaultBrand);
  const [kind, setKind] = useState<"relative" | "fixed">("relative");
  const [preset, setPreset] = useState<RelativeRange>("lastMonth");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), brand: useId(), preset: useId(), start: useId(), end: useId() };

  const create = async () => {
    const found: Record<string, string> = {};
    if (title.trim() === "") found.title = t("cir.new.titleNeeded");
    if (kind === "fixed") {
      if (!isDay(start)) found.start = t("cir.new.chooseFirstDay");
      if (!isDay(end)) found.end = t("cir.new.chooseLastDay");
      else if (isDay(start) && end < start) found.end = t("cir.new.endBeforeStart");
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const range: ReportRange = kind === "fixed" ? { kind, start, end } : { kind, preset };
    setBusy(true);
    setError(null);
    try {
      const answer = await authedCall("createCirReport", { title: title.trim(), brand, range });
      onCreated(answer.data);
    } catch (e) {
      setError(e instanceof Error ? translateMessage(e.message) : t("cir.new.notCreated"));
    } finally {
      setBusy(false);
    }
  };

  const problem = (key: string) => problems[key] !== undefined && <small className="form-error">{problems[key]}</small>;
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header={t("cir.newReport")}
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("cir.cancel")} outlined onClick={onClose} disabled={busy} />
          <Button type="button" label={t("cir.new.create")} onClick={() => void create()} loading={busy} />
        </div>
      }
    >
      <div className="cir-form">
        <div className="field">
          <label htmlFor={ids.title}>{t("cir.title")}</label>
          <input id={ids.title} className="p-inputtext p-component" value={title} maxLength={120} aria-invalid={problems.title !== undefined} onChange={(e) => setTitle(e.target.value)} />
          {problem("title")}
        </div>
        <div className="field">
          <label htmlFor={ids.brand}>{t("cir.brand")}</label>
          <select id={ids.brand} className="p-inputtext p-component native-select" value={brand} onChange={(e) => setBrand(e.target.value)}>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="cir-choice">
          <legend>{t("cir.rangeLabel")}</legend>
          <label className="cir-choice-row">
            <input type="radio" name="cir-range" checked={kind === "relative"} onChange={() => setKind("relative")} /> {t("cir.new.relative")}
          </label>
          <label className="cir-choice-row">
            <input type="radio" name="cir-range" checked={kind === "fixed"} onChange={() => setKind("fixed")} /> {t("cir.new.fixed")}
          </label>
        </fieldset>
        {kind === "relative" ? (
          <div className="field">
            <label htmlFor={ids.preset}>{t("cir.new.relativeRange")}</label>
            <select id={ids.preset} className="p-inputtext p-component native-select" value={preset} onChange={(e) => setPreset(e.target.value as RelativeRange)}>
              {RELATIVE_RANGES.map((r) => (
                <option key={r} value={r}>
                  {relativeRangeLabel(r)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="cir-form-row">
            <div>
              <DateInput id={ids.start} label={t("cir.new.firstDay")} value={start} onChange={setStart} invalid={problems.start !== undefined} />
              {problem("start")}
            </div>
            <div>
              <DateInput id={ids.end} label={t("cir.new.lastDay")} value={end} onChange={setEnd} invalid={problems.end !== undefined} />
              {problem("end")}
            </div>
          </div>
        )}
        {error !== null && (
          <p className="form-error" role="alert">
            {t("cir.new.notCreatedBecause", { error })}
          </p>
        )}
      </div>
    </Dialog>
  );
}
