/** Container of the Account Detail dialog: the signed-in user from the auth actor, the upload from the dialog actor. */
import { useSelector } from "@xstate/react";
import { selectProfileImage, selectUser } from "../../../machines/auth/authSelectors";
import {
  selectCanClose, selectError, selectIsBusy, selectIsOpen, selectIsUploading, selectProgress,
} from "../../../machines/accountDialog/accountDialogSelectors";
import { authActor } from "@/app/auth";
import { localeActor } from "@/app/locale";
import { AccountDialogView } from "@/features/account/AccountDialogView";
import { accountDialogActor as dialog } from "@/features/account/accountDialogActor";

/** Spec §1, §9: product version. */
export const APP_VERSION = "2.0.0";

export function AccountDialog() {
  const user = useSelector(authActor, selectUser);
  const image = useSelector(authActor, selectProfileImage);
  const visible = useSelector(dialog, selectIsOpen);
  const uploading = useSelector(dialog, selectIsUploading);
  const progress = useSelector(dialog, selectProgress);
  const busy = useSelector(dialog, selectIsBusy);
  const error = useSelector(dialog, selectError);
  const canClose = useSelector(dialog, selectCanClose);
  const locale = useSelector(localeActor, (snap) => snap.context.pending ?? snap.context.shown);
  const localeBusy = useSelector(localeActor, (snap) => snap.hasTag("busy"));
  const localeError = useSelector(localeActor, (snap) => snap.context.error);
  return (
    <AccountDialogView
      visible={visible}
      name={user?.name ?? ""}
      email={user?.email ?? ""}
      version={APP_VERSION}
      image={image}
      uploading={uploading}
      progress={progress}
      busy={busy}
      error={error}
      canClose={canClose}
      onPick={(file) => dialog.send({ type: "image.picked", file })}
      onClose={() => dialog.send({ type: "dialog.close" })}
      language={locale.language}
      calendar={locale.calendar}
      localeBusy={localeBusy}
      localeError={localeError}
      onLanguage={(language) => localeActor.send({ type: "locale.choose", language })}
      onCalendar={(calendar) => localeActor.send({ type: "locale.choose", calendar })}
    />
  );
}
