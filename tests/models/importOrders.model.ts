/**
 * Model of the Import orders dialog (machines/importOrders): no file, a file, a file over the
 * limit; an upload imported, refused, failing; progress, cancel and close.
 */
import { importOrdersMachine, type ImportOutcome } from "../../machines/importOrders/importOrdersMachine";
import { defineModel } from "../support/machineModel";

const imported: ImportOutcome = {
  kind: "imported", message: "Import Success",
  result: { format: "shopee", rows: 3, orders: 2, inserted: 2, updated: 0, unchanged: 0 } as never,
};
const refused: ImportOutcome = { kind: "refused", message: "2 rows are not valid", rows: [{ line: 4, reason: "Order ID: is required" }] };

export default defineModel({
  machine: importOrdersMachine,
  input: { maxBytes: 1000 },
  events: [
    { type: "import.submit", target: "Tipco" },
    { type: "import.pick", file: { name: "orders.csv", size: 10 } },
    { type: "import.pick", file: { name: "huge.csv", size: 5000 } },
    { type: "import.pick", file: null },
    { type: "import.progress", fraction: 0.5 },
    { type: "import.cancel" },
    { type: "import.close" },
  ],
  outputs: { upload: [imported, refused] },
  errors: { upload: [new Error("The server could not be reached.")] },
  serializeContext: (context) => ({ file: context.file?.name ?? null }),
});
