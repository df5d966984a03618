/** The RFM sub-tab: Remaining Percent and the Recency, Frequency and Monetary weights. */
import { InputText } from "@/components/ui/InputText";
import { RfmSettingNames, type RfmSettingName, type RfmWeight } from "../../../domain/entities";
import { KpiFigure } from "@/features/kpi/KpiFigure";
import { formatFixed2 } from "@/features/kpi/kpiFormat";

export interface KpiRfmWeightsProps {
  weights: readonly RfmWeight[];
  /** 100 minus the weights (negative when over). */
  left: number;
  over: boolean;
  not100: boolean;
  disabled: boolean;
  onWeight: (name: RfmSettingName, text: string) => void;
}

export function KpiRfmWeights({ weights, left, over, not100, disabled, onWeight }: KpiRfmWeightsProps) {
  const byName = new Map(weights.map((w) => [w.name, w.weight]));
  const warning = over ? `The weights exceed 100% by ${formatFixed2(-left)}.` : not100 ? "The weights should total 100%." : null;
  return (
    <div className="kpi-rfm">
      <KpiFigure label="Remaining Percent" value={`${formatFixed2(left)}%`} warning={warning} />
      <div className="kpi-rfm__weights">
        {RfmSettingNames.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`kpi-weight-${name}`}>{name} weight (%)</label>
            <InputText
              id={`kpi-weight-${name}`}
              inputMode="decimal"
              value={String(byName.get(name) ?? "")}
              disabled={disabled}
              onChange={(e) => onWeight(name, e.target.value)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
