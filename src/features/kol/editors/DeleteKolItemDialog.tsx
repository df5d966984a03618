/**
 * Delete a KOL campaign, a booking or a KOL of the roster (issue 16), after a confirmation that
 * names it and says what goes with it. Runs on `machines/kolEditors/kolDeleteMachine`; the
 * confirmation is the app's `ConfirmDeleteDialog` (Cancel focused first, a red Delete, Try again
 * after a failure).
 */
import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { kolDeleteMachine, type KolDeleteTarget, type KolItemKind } from "../../../../machines/kolEditors/kolDeleteMachine";
import { sameKolDelete, selectKolDelete } from "../../../../machines/kolEditors/kolEditorSelectors";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { deleteActors } from "./kolEditorActors";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

export interface DeleteKolItemDialogProps {
  brand: string;
  /** What to delete; null: no dialog. */
  target: KolDeleteTarget | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The words of each kind: the question names the item ("the booking of Ploy Chanisa": a booking is named by its KOL). */
const WORDS = {
  campaign: { dialog: "kol.deleteItem.campaign.header", failed: "kol.deleteItem.campaign.failed", before: "kol.deleteItem.campaign.before", after: "kol.deleteItem.campaign.after" },
  booking: { dialog: "kol.deleteItem.booking.header", failed: "kol.deleteItem.booking.failed", before: "kol.deleteItem.booking.before", after: "kol.deleteItem.booking.after" },
  kol: { dialog: "kol.deleteItem.kol.header", failed: "kol.deleteItem.kol.failed", before: "kol.deleteItem.kol.before", after: "kol.deleteItem.kol.after" },
} as const satisfies Record<KolItemKind, Record<"dialog" | "failed" | "before" | "after", MessageKey>>;

export function DeleteKolItemDialog({ brand, target, onClose, onDeleted }: DeleteKolItemDialogProps) {
  const latest = useRef({ onDeleted });
  latest.current = { onDeleted };
  const actor = useActorRef(
    kolDeleteMachine.provide({
      actors: deleteActors,
      actions: {
        notifyDeleted: (_, { target: deleted }) => {
          showToast({ severity: "success", summary: t("kol.deleteItem.deleted", { name: deleted.name }) });
          latest.current.onDeleted();
        },
      },
    }),
    { inspect: appInspect },
  );
  const view = useSelector(actor, selectKolDelete, sameKolDelete);
  const kind = target?.kind;
  const id = target?.id;
  const name = target?.name;
  useEffect(() => {
    if (kind === undefined || id === undefined || name === undefined) actor.send({ type: "delete.cancel" });
    else actor.send({ type: "delete.open", brand, target: { kind, id, name } });
  }, [actor, brand, kind, id, name]);
  const shown = view.target ?? target;
  const words = WORDS[shown?.kind ?? "campaign"];
  return (
    <ConfirmDeleteDialog
      visible={view.open}
      header={t(words.dialog)}
      width={440}
      deleting={view.deleting}
      error={view.error === null ? null : translateMessage(view.error)}
      failurePrefix={t(words.failed)}
      onConfirm={() => actor.send({ type: "delete.confirm" })}
      onCancel={() => {
        actor.send({ type: "delete.cancel" });
        onClose();
      }}
    >
      <p>
        {t(words.before)} <strong>{shown?.name}</strong>
        {t(words.after)}
      </p>
    </ConfirmDeleteDialog>
  );
}
