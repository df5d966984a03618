/** What route guards ask the auth actor. */
import { waitFor } from "xstate";
import type { AuthActorRef, AuthSnapshot } from "../../machines/auth/authMachine";
import { selectIsBusy } from "../../machines/auth/authSelectors";
import { START_PAGE } from "@/app/startPage";

/** The snapshot once the machine has decided (restored, signed in or signed out). */
export function settled(auth: AuthActorRef): Promise<AuthSnapshot> {
  return waitFor(auth, (s) => !selectIsBusy(s));
}

export { START_PAGE };

/** Where a fresh sign-in continues: the saved path, else the start page. */
export const afterSignIn = (s: AuthSnapshot) => s.context.returnTo ?? START_PAGE;
