/**
 * The app-wide auth actor, created once at module scope so the router guards, the API helpers
 * and the React tree share it.
 */
import { createActor } from "xstate";
import { authMachine } from "../../machines/auth/authMachine";
import { authActors } from "@/app/actors";
import { appInspect } from "@/app/inspect";

export const authActor = createActor(authMachine.provide({ actors: authActors }), { input: {}, inspect: appInspect });
