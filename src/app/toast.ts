/**
 * App-wide toasts (spec §2, §9: top right, 1500 ms). Any module may call `showToast`; the
 * `<Toaster/>` of the default layout shows them. The Toaster is loaded on the first toast
 * (`useToastsRequested`), so messages wait in a queue until it is there.
 */
import { useSyncExternalStore } from "react";

export type ToastSeverity = "error" | "success" | "info" | "warn";

export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
}

/** Spec §9: toast timeout. */
export const TOAST_LIFE_MS = 1500;

type Sink = (message: ToastMessage) => void;

let sink: Sink | null = null;
const waiting: ToastMessage[] = [];
let requested = false;
const listeners = new Set<() => void>();

export function showToast(message: ToastMessage): void {
  if (sink !== null) {
    sink(message);
    return;
  }
  waiting.push(message);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by `<Toaster/>`: it becomes the place toasts go; returns the detach function. */
export function attachToaster(next: Sink): () => void {
  sink = next;
  for (const message of waiting.splice(0)) next(message);
  return () => {
    if (sink === next) sink = null;
  };
}

/** True once any toast was asked for: the layout then mounts the Toaster. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}
