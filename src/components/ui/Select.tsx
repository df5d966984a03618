export interface SelectProps {
  /** Accessible name. */
  label: string;
  value: string;
  options: readonly string[];
  /** An option's shown text, when it differs from its value (a value in English shown in the user's language). */
  optionLabel?: ((option: string) => string) | undefined;
  onChange: (value: string) => void;
  className?: string;
}

/**
 * A single choice among a few strings. A native `<select>` styled like PrimeReact's inputs, not
 * PrimeReact's Dropdown: the top bar shows two on every page, and the Dropdown (with its virtual
 * scroller and tooltip) would put ~15 KB gzip of script on the start page for lists of three.
 * The native control also brings the platform's keyboard and touch behaviour.
 */
export function Select({ label, value, options, optionLabel, onChange, className }: SelectProps) {
  return (
    <select
      aria-label={label}
      className={`p-inputtext p-component native-select ${className ?? ""}`}
      value={value}
      onChange={(e) => {
        if (e.target.value !== value) onChange(e.target.value);
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel === undefined ? option : optionLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** A {@link Select} in a form field, under its visible label (the select is named by `label` itself). */
export function SelectField(props: SelectProps) {
  return (
    <div className="field">
      <span className="field-label" aria-hidden="true">
        {props.label}
      </span>
      <Select {...props} />
    </div>
  );
}
