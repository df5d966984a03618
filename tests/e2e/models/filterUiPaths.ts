/**
 * Paths through the filter UI model for Playwright: xstate/graph's shortest path to every state
 * of the model, then the fewest of those (greedily) that together reach every state node and
 * take every transition definition of the model, so the browser suite stays short.
 */
import { createActor, transition, type AnyTransitionDefinition, type AnyStateNode } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { UI_EVENTS, filterUiModel, type FilterUiContext, type FilterUiEvent } from "./filterUi.model";

type Snapshot = ReturnType<typeof filterUiModel.resolveState>;

export interface UiStep {
  event: FilterUiEvent;
  /** What the page must show after the event. */
  state: { value: Snapshot["value"]; context: FilterUiContext };
}

export interface UiPath {
  description: string;
  steps: UiStep[];
}

const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context]);

function describe(steps: readonly UiStep[]): string {
  const label = (e: FilterUiEvent) => ("title" in e ? `${e.type}(${e.title})` : "tab" in e ? `${e.type}(${e.tab})` : e.type);
  return steps.map((s) => label(s.event)).join(" → ") || "(start)";
}

/** Ids of the state nodes active in a snapshot, and the transition definitions each step takes. */
function reached(steps: readonly UiStep[]): { states: Set<string>; transitions: Set<AnyTransitionDefinition> } {
  const states = new Set<string>();
  const transitions = new Set<AnyTransitionDefinition>();
  const actor = createActor(filterUiModel, {
    inspect: (e) => {
      if (e.type !== "@xstate.microstep") return;
      for (const t of (e as { _transitions?: AnyTransitionDefinition[] })._transitions ?? []) transitions.add(t);
    },
  });
  actor.subscribe((s) => {
    for (const node of s._nodes as AnyStateNode[]) if (node.parent !== undefined) states.add(node.id);
  });
  actor.start();
  for (const step of steps) actor.send(step.event);
  actor.stop();
  return { states, transitions };
}

function allTransitions(): AnyTransitionDefinition[] {
  const nodes: AnyStateNode[] = [];
  const walk = (n: AnyStateNode) => {
    nodes.push(n);
    Object.values(n.states).forEach((c) => walk(c as AnyStateNode));
  };
  walk(filterUiModel.root);
  return nodes.flatMap((n) => [...n.transitions.values()].flat());
}

function allStateIds(): string[] {
  const ids: string[] = [];
  const walk = (n: AnyStateNode) => {
    if (n.parent !== undefined) ids.push(n.id);
    Object.values(n.states).forEach((c) => walk(c as AnyStateNode));
  };
  walk(filterUiModel.root);
  return ids;
}

/** Shortest paths to every state of the model (xstate/graph). */
export function shortestUiPaths(): UiPath[] {
  return getShortestPaths(filterUiModel, {
    events: UI_EVENTS,
    serializeState: serialize,
  }).map((p) => {
    const steps = p.steps
      .filter((s) => (s.event.type as string) !== "xstate.init")
      .map((s) => ({ event: s.event as FilterUiEvent, state: { value: s.state.value, context: s.state.context } }));
    return { description: describe(steps), steps };
  });
}

/** Every shortest path, and every shortest path followed by one more possible event (so every edge is a candidate). */
function candidatePaths(): UiPath[] {
  const out: UiPath[] = [];
  for (const path of shortestUiPaths()) {
    out.push(path);
    const end = path.steps.at(-1)?.state;
    const snapshot = end === undefined ? filterUiModel.resolveState({ value: "closed", context: initialContext() }) : filterUiModel.resolveState(end);
    for (const event of UI_EVENTS) {
      if (!snapshot.can(event)) continue;
      const [next] = transition(filterUiModel, snapshot, event);
      const steps = [...path.steps, { event, state: { value: next.value, context: next.context } }];
      out.push({ description: describe(steps), steps });
    }
  }
  return out;
}

function initialContext(): FilterUiContext {
  return createActor(filterUiModel).getSnapshot().context;
}

/** The paths the browser suite runs: the fewest candidates (greedily) that reach every state node and transition. */
export function coveringUiPaths(): { paths: UiPath[]; missing: string[] } {
  const candidates = candidatePaths().map((path) => ({ path, ...reached(path.steps) }));
  const wantedStates = new Set(allStateIds());
  const wantedTransitions = new Set(allTransitions());
  const chosen: UiPath[] = [];
  for (;;) {
    const score = (c: (typeof candidates)[number]) =>
      [...c.states].filter((s) => wantedStates.has(s)).length + [...c.transitions].filter((t) => wantedTransitions.has(t)).length;
    const best = candidates
      .filter((c) => score(c) > 0)
      // Most new coverage first; shorter paths break ties.
      .sort((a, b) => score(b) - score(a) || a.path.steps.length - b.path.steps.length)[0];
    if (best === undefined) break;
    chosen.push(best.path);
    best.states.forEach((s) => wantedStates.delete(s));
    best.transitions.forEach((t) => wantedTransitions.delete(t));
  }
  const missing = [
    ...[...wantedStates].map((s) => `state ${s}`),
    ...[...wantedTransitions].map((t) => `transition ${t.source.id} ${t.eventType}`),
  ];
  return { paths: chosen.sort((a, b) => a.steps.length - b.steps.length), missing };
}
