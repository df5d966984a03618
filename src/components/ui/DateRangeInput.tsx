import { Calendar } from "primereact/calendar";

export interface DateRangeInputProps {
  /** Accessible name of the month grid. */
  label: string;
  /** [start, end]; end is null while the second day is being picked. */
  value: [Date, Date | null] | null;
  onChange: (value: [Date, Date | null] | null) => void;
}

/** PrimeReact's Calendar as an inline month grid picking a day range (weeks start Monday, set by the layout). */
export function DateRangeInput({ label, value, onChange }: DateRangeInputProps) {
  return (
    <Calendar
      inline
      ariaLabel={label}
      selectionMode="range"
      value={value}
      onChange={(e) => onChange((e.value as [Date, Date | null] | null | undefined) ?? null)}
      dateFormat="yy-mm-dd"
      className="date-range-calendar"
    />
  );
}
