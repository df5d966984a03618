/**
 * The app-wide Account Detail dialog actor (the shell sends it `dialog.open`). A new profile
 * image is handed to the auth actor, so every place that shows the user's image updates.
 */
import { createActor } from "xstate";
import { accountDialogMachine } from "../../../machines/accountDialog/accountDialogMachine";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { accountDialogActors } from "@/features/account/accountDialogActors";
import { t } from "@/i18n/i18n";

export const accountDialogActor = createActor(accountDialogMachine.provide({ actors: accountDialogActors }), { inspect: appInspect });
accountDialogActor.on("profileImage.changed", ({ url }) => {
  authActor.send({ type: "auth.profileImageChanged", url });
  showToast({ severity: "success", summary: t("common.msg.profileImageUpdated") });
});
accountDialogActor.start();
