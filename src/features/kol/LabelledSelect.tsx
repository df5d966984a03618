/** A select of the /campaign page with its name shown before it (the select itself is named by the same words). */
import type { ReactNode } from "react";

export function LabelledSelect({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="kol-field">
      <span className="kol-field-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </span>
  );
}

