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

export interface DeleteKolItemDialogProps {
  brand: string;
  /** What to delete; null: no dialog. */
  target: KolDeleteTarget | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The words of each kind: the question names the item ("the booking of Ploy Chanisa": a booking is named by its KOL). */
const WORDS: Readonly<Record<KolItemKind, { header: string; noun: string; the: string; goes: string }>> = {
  campaign: { header: "Delete KOL campaign", noun: "campaign", the: "the campaign", goes: "Its bookings and their posts are deleted with it." },
  booking: { header: "Delete booking", noun: "booking", the: "the booking of", goes: "Its posts are deleted with it; the KOL stays in the brand's KOLs." },
  kol: { header: "Delete KOL", noun: "KOL", the: "the KOL", goes: "The KOL leaves the brand's KOLs. A KOL with bookings cannot be deleted: delete the bookings first." },
};

export function DeleteKolItemDialog({ brand, target, onClose, onDeleted }: DeleteKolItemDialogProps) {
  const latest = useRef({ onDeleted });
  latest.current = { onDeleted };
  const actor = useActorRef(
    kolDeleteMachine.provide({
      actors: deleteActors,
      actions: {
        notifyDeleted: (_, { target: deleted }) => {
          showToast({ severity: "success", summary: `Deleted: ${deleted.name}` });
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
      header={words.header}
      width={440}
      deleting={view.deleting}
      error={view.error}
      failurePrefix={`The ${words.noun} was not deleted`}
      onConfirm={() => actor.send({ type: "delete.confirm" })}
      onCancel={() => {
        actor.send({ type: "delete.cancel" });
        onClose();
      }}
    >
      <p>
        Delete {words.the} <strong>{shown?.name}</strong>? {words.goes}
      </p>
    </ConfirmDeleteDialog>
  );
}
