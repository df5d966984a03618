/** Remove a user or an account after a confirmation naming it (machines/admin/adminRemoveMachine). */
import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { adminRemoveMachine, sameAdminRemove, selectAdminRemove, type AdminRemoveTarget } from "../../../machines/admin/adminRemoveMachine";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { removeActors } from "./adminActors";
import { readableError } from "./adminFormat";
import { t } from "@/i18n/i18n";

export interface RemoveDialogProps {
  /** What to remove; null: no dialog. */
  target: AdminRemoveTarget | null;
  onClose: () => void;
  onRemoved: (target: AdminRemoveTarget) => void;
}

export function RemoveDialog({ target, onClose, onRemoved }: RemoveDialogProps) {
  const latest = useRef({ onClose, onRemoved });
  latest.current = { onClose, onRemoved };
  const actor = useActorRef(
    adminRemoveMachine.provide({
      actors: removeActors,
      actions: {
        notifyRemoved: (_, { target: removed }) => {
          showToast({ severity: "success", summary: removed.kind === "user" ? t("admin.remove.userToast", { name: removed.name }) : t("admin.remove.accountToast", { name: removed.name }) });
          latest.current.onRemoved(removed);
        },
      },
    }),
    { inspect: appInspect },
  );
  const view = useSelector(actor, selectAdminRemove, sameAdminRemove);
  useEffect(() => {
    if (target !== null) actor.send({ type: "remove.open", target });
    else actor.send({ type: "remove.cancel" });
  }, [actor, target]);
  const shown = view.target ?? target;
  const isUser = shown?.kind === "user";
  return (
    <ConfirmDeleteDialog
      visible={view.open}
      header={isUser ? t("admin.remove.userTitle", { name: shown?.name ?? "" }) : t("admin.remove.accountTitle", { name: shown?.name ?? "" })}
      width={460}
      deleting={view.removing}
      error={view.error === null ? null : readableError(view.error)}
      failurePrefix={isUser ? t("admin.remove.userFailed") : t("admin.remove.accountFailed")}
      onConfirm={() => actor.send({ type: "remove.confirm" })}
      onCancel={() => {
        actor.send({ type: "remove.cancel" });
        latest.current.onClose();
      }}
    >
      <p>
        {shown?.kind === "user"
          ? t("admin.remove.userText", { name: shown.name })
          : t("admin.remove.accountText", { name: shown?.name ?? "" })}
      </p>
    </ConfirmDeleteDialog>
  );
}
