/**
 * The Template tab's dialogs: Create Template, Edit Filter and the delete confirmation. Each
 * returns to the Template tab when it closes.
 */
import { createdTemplate, editedTemplate, filterDrawerSetup, requireDeleteTitle } from "./filterDrawerSetup";

const TEMPLATE_TAB = "#filterDrawer.open.ready.panel.template";

export const creatingState = filterDrawerSetup.createStateConfig({
  description: "Create Template dialog: saves the typed name with the Filter tab's current values.",
  initial: "naming",
  exit: "forgetCreate",
  states: {
    naming: {
      on: {
        "create.titleChanged": { actions: { type: "setCreateTitle", params: ({ event }) => event.title } },
        "create.save": [
          { guard: "isCreateNameBlank", actions: "markCreateSubmitted" },
          { target: "saving" },
        ],
        "create.cancel": { target: TEMPLATE_TAB },
      },
    },
    saving: {
      tags: ["busy"],
      description: "A refused save ('Upsert Fail!!') closes the dialog without adding the template and tells the user (spec §8).",
      invoke: {
        src: "saveTemplate",
        input: ({ context }) => ({ template: createdTemplate(context) }),
        onDone: {
          target: TEMPLATE_TAB,
          actions: [
            { type: "addTemplate", params: ({ event }) => event.output },
            { type: "emitCreated", params: ({ event }) => event.output.title },
            { type: "notifySaved", params: ({ event }) => event.output.title },
          ],
        },
        onError: { target: TEMPLATE_TAB, actions: { type: "notifyUpsertFailed", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export const editingState = filterDrawerSetup.createStateConfig({
  description: "Edit Filter dialog: basket size, platform, location, product and status of one template; its title stays.",
  initial: "changing",
  states: {
    changing: {
      on: {
        "edit.changed": { actions: { type: "patchEdit", params: ({ event }) => event.patch } },
        "edit.save": { target: "saving" },
        "edit.cancel": { target: TEMPLATE_TAB, actions: "forgetEdit" },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "saveTemplate",
        input: ({ context }) => ({ template: editedTemplate(context) }),
        onDone: {
          target: TEMPLATE_TAB,
          actions: [
            { type: "addTemplate", params: ({ event }) => event.output },
            { type: "emitEdited", params: ({ event }) => event.output.title },
            { type: "notifySaved", params: ({ event }) => event.output.title },
            "forgetEdit",
          ],
        },
        onError: { target: "failed", actions: { type: "reportDialogFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "The save was refused: the dialog stays open with the edits and says why.",
      on: {
        "edit.changed": { target: "changing", actions: ["clearDialogError", { type: "patchEdit", params: ({ event }) => event.patch }] },
        "edit.save": { target: "saving", actions: "clearDialogError" },
        "edit.cancel": { target: TEMPLATE_TAB, actions: "forgetEdit" },
      },
    },
  },
});

export const confirmingDeleteState = filterDrawerSetup.createStateConfig({
  description: "Delete confirmation; a failed delete is shown in the dialog (not only logged) and can be retried.",
  initial: "asking",
  states: {
    asking: {
      on: {
        "delete.confirm": { target: "deleting" },
        "delete.cancel": { target: TEMPLATE_TAB, actions: "forgetDelete" },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: {
        src: "deleteTemplate",
        input: ({ context }) => ({ title: requireDeleteTitle(context) }),
        onDone: {
          target: TEMPLATE_TAB,
          actions: ["removeDeletedTemplate", "emitDeleted", "notifyDeleted", "forgetDelete"],
        },
        onError: { target: "failed", actions: { type: "reportDialogFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        "delete.confirm": { target: "deleting", actions: "clearDialogError" },
        "delete.cancel": { target: TEMPLATE_TAB, actions: "forgetDelete" },
      },
    },
  },
});
