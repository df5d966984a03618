/**
 * Model of the Import posts dialog's target (machines/ma/importTargetMachine): no account, then an
 * account with one page (chosen at once) or several (a listed page taken, an unknown one ignored);
 * a failed read and Try again.
 */
import { importTargetMachine } from "../../machines/ma/importTargetMachine";
import { defineModel } from "../support/machineModel";

const one = [{ id: "p1", name: "Aura Move Official" }];
const two = [...one, { id: "p2", name: "Aura Move Runners" }];

export default defineModel({
  machine: importTargetMachine,
  events: [
    { type: "target.account", account: "bag-1" },
    { type: "target.page", page: "p2" },
    { type: "target.page", page: "elsewhere" },
    { type: "target.retry" },
  ],
  outputs: { loadPages: [one, two] },
  errors: { loadPages: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ account: context.account, pages: context.pages?.length ?? null, page: context.page }),
});
