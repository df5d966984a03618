/**
 * "Add to report" (issue 17, CIR): a button beside a chart or a group of figure cards that puts it
 * in a customer-insight report, with the view the page shows now frozen (brand, the range as fixed
 * days, the page's filters). Shown only to users with permission 2; the dialog's code is its own
 * chunk, fetched on the first click (nothing of it is in the start page's bundle).
 */
import { Suspense, lazy, useState } from "react";
import { useSelector } from "@xstate/react";
import type { SectionSourceKey, SectionView } from "../../../domain/cirContract";
import { selectPermissions } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { guardedImport } from "@/app/chunkReload";
import { t } from "@/i18n/i18n";
import "./cirShared.css";

export interface AddToReportTarget {
  readonly source: SectionSourceKey;
  readonly view: SectionView;
}

const AddToReportDialog = lazy(guardedImport(() => import("./AddToReportDialog")));

/**
 * `label` names what is added, in the button's accessible name and the dialog; `text` replaces the
 * visible "Add to report" where two such buttons stand side by side (O2O's header).
 */
export function AddToReportButton({ target, label, text }: { target: AddToReportTarget; label: string; text?: string }) {
  const permissions = useSelector(authActor, selectPermissions);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!permissions.includes("2")) return null;
  return (
    <>
      <button
        type="button"
        className="add-to-report"
        aria-label={t("cir.add.buttonLabel", { label })}
        title={text ?? t("cir.add.title")}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <i className="pi pi-file-plus" aria-hidden="true" /> {text ?? t("cir.add.title")}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <AddToReportDialog visible={open} target={target} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
