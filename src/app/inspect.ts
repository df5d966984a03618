/**
 * Development-only statechart inspection.
 *
 * - `?inspect` (dev server only): every actor created with `createActor(machine, { inspect: appInspect })`
 *   is sent to the Stately inspector (https://stately.ai/inspect, needs internet). A small
 *   "Open XState inspector" button appears bottom-left; clicking it opens the inspector window
 *   (a click, because browsers block pop-ups opened without one). Events that happened before
 *   the window connected are buffered and replayed, so the actors created at start show up too.
 * - `?inspect=console` (dev server only, offline): the same events are logged to the console
 *   through xstate's own `inspect` option; nothing is loaded from the network.
 * - Production builds, or no `?inspect`: `appInspect` is undefined and nothing is loaded. The
 *   inspector package is only reached through a dynamic import behind `import.meta.env.DEV`,
 *   so it never lands in the production bundle.
 */
import type { InspectionEvent, Observer } from "xstate";

type InspectMode = "off" | "stately" | "console";

function inspectMode(): InspectMode {
  if (!import.meta.env.DEV || typeof window === "undefined") return "off";
  const value = new URLSearchParams(window.location.search).get("inspect");
  if (value === null) return "off";
  return value === "console" ? "console" : "stately";
}

const mode = inspectMode();

/** Events seen before the Stately inspector module finished loading. */
const pending: InspectionEvent[] = [];
let target: Observer<InspectionEvent> | null = null;

function logToConsole(event: InspectionEvent): void {
  // Root actors get generated ids (`x:0`): name them by their machine instead.
  const ref = event.actorRef as { id?: string; logic?: { id?: unknown } };
  const id = ref.id === undefined || ref.id.startsWith("x:") ? String(ref.logic?.id ?? ref.id ?? event.actorRef.sessionId) : ref.id;
  if (event.type === "@xstate.event") console.debug(`[xstate] ${id} ← ${event.event.type}`, event.event);
  else if (event.type === "@xstate.snapshot") {
    const snapshot = event.snapshot as { value?: unknown; status?: string };
    console.debug(`[xstate] ${id} = ${JSON.stringify(snapshot.value ?? snapshot.status)}`, event.snapshot);
  } else if (event.type === "@xstate.actor") console.debug(`[xstate] actor ${id} created`);
}

/**
 * The `inspect` option for every `createActor` of the app. Undefined unless the app runs on the
 * dev server with `?inspect` in the URL.
 */
export const appInspect: Observer<InspectionEvent> | undefined =
  mode === "off"
    ? undefined
    : mode === "console"
      ? { next: logToConsole }
      : {
          next(event) {
            if (target !== null) target.next?.(event);
            else pending.push(event);
          },
        };

let setup: Promise<void> | null = null;

function showOpenButton(start: () => void): void {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Open XState inspector";
  button.setAttribute("data-testid", "xstate-inspector-open");
  Object.assign(button.style, {
    position: "fixed", left: "8px", bottom: "8px", zIndex: "2147483647", padding: "6px 10px",
    font: "12px/1.2 sans-serif", background: "#1e1e1e", color: "#fff", border: "1px solid #888",
    borderRadius: "4px", cursor: "pointer",
  });
  button.addEventListener("click", () => {
    start();
    button.remove();
  }, { once: true });
  const attach = () => document.body.appendChild(button);
  if (document.body) attach();
  else window.addEventListener("DOMContentLoaded", attach, { once: true });
}

/**
 * Loads the Stately inspector when the app was opened with `?inspect` on the dev server. Safe
 * to call more than once and in production (does nothing there). Call it once at start-up.
 */
export function setupInspector(): Promise<void> {
  // `import.meta.env.DEV` is a build-time constant: the production build drops this branch and
  // with it the inspector chunk.
  if (!import.meta.env.DEV || mode !== "stately") return Promise.resolve();
  setup ??= import("@statelyai/inspect").then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({ autoStart: false, maxDeferredEvents: 5_000 });
    target = inspector.inspect;
    for (const event of pending.splice(0)) inspector.inspect.next?.(event);
    showOpenButton(() => inspector.start());
    console.info("[xstate] Stately inspector ready: click 'Open XState inspector' (bottom left).");
  });
  return setup;
}
