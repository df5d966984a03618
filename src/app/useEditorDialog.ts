/**
 * A form dialog on the editor statechart of machines/kolEditors (`createKolEditorMachine`: the
 * dialogs of /campaign, and of /admin and /formAC): the page says whether it is shown (`visible`)
 * and what it edits; the chart opens when it turns visible (over the brand and item given then),
 * closes when the page hides it, and after a save calls `onSaved` with the stored item and shows a
 * toast. The dialog's own close (its ×, Escape, Cancel) calls `onClose`.
 */
import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { Problems } from "../../machines/kolEditors/kolChecks";
import type { KolEditorMachine } from "../../machines/kolEditors/kolEditorMachine";
import { sameKolEditor, selectKolEditor, type KolEditorView } from "../../machines/kolEditors/kolEditorSelectors";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";

export interface EditorDialogOptions<F extends object, O, R> {
  machine: KolEditorMachine<F, O, R>;
  actors: Parameters<KolEditorMachine<F, O, R>["provide"]>[0]["actors"];
  problems: (form: F) => Problems<Extract<keyof F, string>>;
  visible: boolean;
  /** The brand the item belongs to; none for forms that are not a brand's (Admin's). */
  brand?: string;
  scope: number | null;
  id: number | null;
  /** The form the dialog opens on. */
  form: () => F;
  /** The toast's words after a save. */
  savedToast: (result: R) => string;
  onSaved: (result: R) => void;
  onClose: () => void;
}

/** What a dialog reads and does. */
export type EditorView<F, O> = KolEditorView<F, O>;

export interface EditorDialogHandle<F, O> {
  view: EditorView<F, O>;
  set: (patch: Partial<F>) => void;
  save: () => void;
  retry: () => void;
  setOptions: (options: O) => void;
  /** The dialog's own close: ignored while saving. */
  close: () => void;
}

export function useEditorDialog<F extends object, O, R>(o: EditorDialogOptions<F, O, R>): EditorDialogHandle<F, O> {
  const latest = useRef(o);
  latest.current = o;
  const actor = useActorRef(
    o.machine.provide({
      actors: o.actors,
      actions: {
        notifySaved: (_, { result }) => {
          showToast({ severity: "success", summary: latest.current.savedToast(result) });
          latest.current.onSaved(result);
        },
      },
    } as Parameters<KolEditorMachine<F, O, R>["provide"]>[0]),
    { inspect: appInspect },
  );
  const view = useSelector(actor, (s) => selectKolEditor<F, O>(s, o.problems), sameKolEditor);
  const { visible, brand = "", scope, id } = o;
  useEffect(() => {
    if (visible) actor.send({ type: "editor.open", brand, scope, id, form: latest.current.form() });
    else actor.send({ type: "editor.cancel" });
  }, [actor, visible, brand, scope, id]);
  return {
    view,
    set: (patch) => actor.send({ type: "editor.set", patch }),
    save: () => actor.send({ type: "editor.save" }),
    retry: () => actor.send({ type: "editor.retry" }),
    setOptions: (options) => actor.send({ type: "editor.options", options }),
    close: () => {
      if (actor.getSnapshot().value === "saving") return;
      actor.send({ type: "editor.cancel" });
      latest.current.onClose();
    },
  };
}
