/**
 * A form of /admin or /formAC on its editor statechart (machines/admin/adminEditors, the KOL
 * dialogs' chart): the page says whether it is shown (`visible`) and what it edits; the chart
 * opens when it turns visible (over the item given then), closes when the page hides it, and
 * after a save calls `onSaved` with the answer and shows a toast. The form's own close (×,
 * Escape, Cancel) calls `onClose`.
 */
import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { Problems } from "../../../machines/admin/adminForms";
import type { KolEditorMachine } from "../../../machines/kolEditors/kolEditorMachine";
import { sameKolEditor, selectKolEditor, type KolEditorView } from "../../../machines/kolEditors/kolEditorSelectors";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";

export type EditorView<F, O> = KolEditorView<F, O>;

export interface UseEditorOptions<F extends object, O, R> {
  machine: KolEditorMachine<F, O, R>;
  actors: Parameters<KolEditorMachine<F, O, R>["provide"]>[0]["actors"];
  problems: (form: F) => Problems<Extract<keyof F, string>>;
  visible: boolean;
  scope: number | null;
  id: number | null;
  /** The form the dialog opens on. */
  form: () => F;
  /** The toast's words after a save. */
  savedToast: (result: R) => string;
  onSaved: (result: R) => void;
  onClose: () => void;
}

export interface EditorHandle<F, O> {
  view: EditorView<F, O>;
  set: (patch: Partial<F>) => void;
  save: () => void;
  retry: () => void;
  /** The form's own close: ignored while saving. */
  close: () => void;
}

export function useEditor<F extends object, O, R>(o: UseEditorOptions<F, O, R>): EditorHandle<F, O> {
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
  const { visible, scope, id } = o;
  useEffect(() => {
    if (visible) actor.send({ type: "editor.open", brand: "", scope, id, form: latest.current.form() });
    else actor.send({ type: "editor.cancel" });
  }, [actor, visible, scope, id]);
  return {
    view,
    set: (patch) => actor.send({ type: "editor.set", patch }),
    save: () => actor.send({ type: "editor.save" }),
    retry: () => actor.send({ type: "editor.retry" }),
    close: () => {
      if (actor.getSnapshot().value === "saving") return;
      actor.send({ type: "editor.cancel" });
      latest.current.onClose();
    },
  };
}
