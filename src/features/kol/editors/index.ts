/**
 * The write side of /campaign (issue 16): the dialogs the page mounts. Each is shown while its
 * `visible` is true (the delete dialog: while it has a `target`); what it saved, deleted or
 * imported goes back through `onSaved` / `onDeleted` / `onImported` (after a toast), and the page
 * hides it then (the dialog closes itself after a save too). Its own ×, Escape and Cancel call
 * `onClose`.
 *
 * The dialogs' code is one lazily loaded chunk (./dialogs), fetched the first time any of them is
 * shown: the page's own chunk carries only these small wrappers.
 */
import { Suspense, createElement, lazy, useState, type ComponentType } from "react";
import { guardedImport } from "@/app/chunkReload";
import type { BookingDialogProps } from "./BookingDialog";
import type * as DialogsModule from "./dialogs";
import type { CampaignDialogProps } from "./CampaignDialog";
import type { DeleteKolItemDialogProps } from "./DeleteKolItemDialog";
import type { EmvDialogProps } from "./EmvDialog";
import type { ImportKolDialogProps } from "./ImportKolDialog";
import type { KolDialogProps } from "./KolDialog";

export type { BookingDialogProps, CampaignDialogProps, DeleteKolItemDialogProps, EmvDialogProps, ImportKolDialogProps, KolDialogProps };
export type { KolDeleteTarget } from "../../../../machines/kolEditors/kolDeleteMachine";

type Dialogs = typeof DialogsModule;
const loadDialogs = guardedImport(() => import("./dialogs"));

/** A dialog loaded on its first showing, then kept mounted (so it closes with its animation). */
function lazyDialog<P extends object>(pick: (m: Dialogs) => ComponentType<P>, isShown: (p: P) => boolean): ComponentType<P> {
  const Lazy = lazy(() => loadDialogs().then((m) => ({ default: pick(m) })));
  function LazyDialog(p: P) {
    const [wanted, setWanted] = useState(false);
    if (isShown(p) && !wanted) setWanted(true);
    return wanted ? createElement(Suspense, { fallback: null }, createElement(Lazy, p)) : null;
  }
  return LazyDialog;
}

export const CampaignDialog = lazyDialog<CampaignDialogProps>((m) => m.CampaignDialog, (p) => p.visible);
export const BookingDialog = lazyDialog<BookingDialogProps>((m) => m.BookingDialog, (p) => p.visible);
export const KolDialog = lazyDialog<KolDialogProps>((m) => m.KolDialog, (p) => p.visible);
export const EmvDialog = lazyDialog<EmvDialogProps>((m) => m.EmvDialog, (p) => p.visible);
export const ImportKolDialog = lazyDialog<ImportKolDialogProps>((m) => m.ImportKolDialog, (p) => p.visible);
export const DeleteKolItemDialog = lazyDialog<DeleteKolItemDialogProps>((m) => m.DeleteKolItemDialog, (p) => p.target !== null);
