/**
 * The app-wide auth actor, created once at module scope so the router guards and the React
 * tree share it.
 */
import { createActor, waitFor } from "xstate";
import { authMachine, type AuthSnapshot } from "../../machines/auth/authMachine";
import { selectIsBusy } from "../../machines/auth/authSelectors";
import { authActors } from "@/app/actors";

export const authActor = createActor(authMachine.provide({ actors: authActors }), { input: {} });

/** The snapshot once the machine has decided (restored, signed in or out). */
export function settledAuth(): Promise<AuthSnapshot> {
  return waitFor(authActor, (s) => !selectIsBusy(s));
}
