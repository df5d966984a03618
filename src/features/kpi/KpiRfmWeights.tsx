/** The RFM sub-tab: Remaining Percent and the Recency, Frequency and Monetary weights. */
import { InputText } from "@/components/ui/InputText";
import { RfmSettingNames, type RfmSettingName, type RfmWeight } from "../../../domain/entities";
import { KpiFigure } from "@/features/kpi/KpiFigure";
import { formatFixed2 } from "@/features/kpi/kpiFormat";
import { rfmName } from "@/features/kpi/kpiFormat";
import { t } from "@/i18n/i18n";

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
  const warning = over ? t("kpi.rfm.over", { by: formatFixed2(-left) }) : not100 ? t("kpi.rfm.not100") : null;
  return (
    <div className="kpi-rfm">
      <KpiFigure id="figure-Remaining-Percent" label={t("kpi.rfm.remaining")} value={t("kpi.rfm.percent", { n: formatFixed2(left) })} warning={warning} />
      <div className="kpi-rfm__weights">
        {RfmSettingNames.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`kpi-weight-${name}`}>{t("kpi.rfm.weight", { name: rfmName(name) })}</label>
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
