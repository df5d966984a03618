/** The /cir "New report" dialog: title, brand, and the range (fixed days or a relative range). */
import { useId, useState } from "react";
import { RELATIVE_RANGES, RELATIVE_RANGE_LABELS, type RelativeRange, type Report, type ReportRange } from "../../../domain/cirContract";
import { isDay } from "../../../domain/calendarDays";
import { authedCall } from "@/app/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";

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
    if (title.trim() === "") found.title = "Give the report a title.";
    if (kind === "fixed") {
      if (!isDay(start)) found.start = "Choose the first day.";
      if (!isDay(end)) found.end = "Choose the last day.";
      else if (isDay(start) && end < start) found.end = "The last day is before the first.";
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
      setError(e instanceof Error ? e.message : "The report was not created.");
    } finally {
      setBusy(false);
    }
  };

  const problem = (key: string) => problems[key] !== undefined && <small className="form-error">{problems[key]}</small>;
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header="New report"
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={onClose} disabled={busy} />
          <Button type="button" label="Create" onClick={() => void create()} loading={busy} />
        </div>
      }
    >
      <div className="cir-form">
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input id={ids.title} className="p-inputtext p-component" value={title} maxLength={120} aria-invalid={problems.title !== undefined} onChange={(e) => setTitle(e.target.value)} />
          {problem("title")}
        </div>
        <div className="field">
          <label htmlFor={ids.brand}>Brand</label>
          <select id={ids.brand} className="p-inputtext p-component native-select" value={brand} onChange={(e) => setBrand(e.target.value)}>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="cir-choice">
          <legend>Range</legend>
          <label className="cir-choice-row">
            <input type="radio" name="cir-range" checked={kind === "relative"} onChange={() => setKind("relative")} /> A relative range (moves with the day it is read)
          </label>
          <label className="cir-choice-row">
            <input type="radio" name="cir-range" checked={kind === "fixed"} onChange={() => setKind("fixed")} /> Fixed days
          </label>
        </fieldset>
        {kind === "relative" ? (
          <div className="field">
            <label htmlFor={ids.preset}>Relative range</label>
            <select id={ids.preset} className="p-inputtext p-component native-select" value={preset} onChange={(e) => setPreset(e.target.value as RelativeRange)}>
              {RELATIVE_RANGES.map((r) => (
                <option key={r} value={r}>
                  {RELATIVE_RANGE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="cir-form-row">
            <div className="field">
              <label htmlFor={ids.start}>First day</label>
              <input id={ids.start} type="date" className="p-inputtext p-component" value={start} onChange={(e) => setStart(e.target.value)} />
              {problem("start")}
            </div>
            <div className="field">
              <label htmlFor={ids.end}>Last day</label>
              <input id={ids.end} type="date" className="p-inputtext p-component" value={end} onChange={(e) => setEnd(e.target.value)} />
              {problem("end")}
            </div>
          </div>
        )}
        {error !== null && (
          <p className="form-error" role="alert">
            The report was not created: {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
