/** A computed figure of the KPI dialog with its label, and a visible warning beside it when it is out of bounds. */
export function KpiFigure({ id, label, value, warning }: { id: string; label: string; value: string; warning: string | null }) {
  return (
    <div className={warning === null ? "kpi-figure" : "kpi-figure kpi-figure--warn"}>
      <span className="kpi-figure__label" id={id}>
        {label}
      </span>
      <output className="kpi-figure__value" aria-labelledby={id}>
        {value}
      </output>
      {warning !== null && (
        <small className="form-warning" role="status">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {warning}
        </small>
      )}
    </div>
  );
}
