/**
 * Paths through a small, invoke-free UI model for Playwright (STYLE.md "Model-based tests",
 * pattern 2), whatever the model: `uiPaths(model, events, describe)` gives
 *
 * - `shortestUiPaths()`: xstate/graph's shortest path to every state (value and context) of the model;
 * - `coveringUiPaths()`: the fewest of those, each possibly followed by one more event, that
 *   (chosen greedily) together reach every state node and take every transition definition;
 * - `walkingUiPaths({ maxSteps })`: few, longer paths for models whose states are many: each walks
 *   from the start to the nearest step that reaches something not yet reached (a breadth-first
 *   search over the model), again and again, and a new path starts once one has `maxSteps` steps.
 *
 * Both choices report as `missing` the state nodes and transitions no chosen path reaches (the
 * walks by replaying the chosen paths on an actor of the model), so a suite can assert `missing = []`.
 * The events offered at each step are `events`; the model's guards keep the possible ones.
 */
import {
  createActor, type AnyActorScope, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type ContextFrom, type EventFromLogic,
} from "xstate";
import { getShortestPaths } from "xstate/graph";

export interface UiStep<TContext, TEvent, TValue> {
  event: TEvent;
  /** What the page must show after the event. */
  state: { value: TValue; context: TContext };
}

export interface UiPath<TContext, TEvent, TValue> {
  description: string;
  steps: UiStep<TContext, TEvent, TValue>[];
}

export interface UiPathChoice<TPath> {
  paths: TPath[];
  /** "state <id>" and "transition <source id> <event type>" that no chosen path reaches. */
  missing: string[];
}

interface Reached {
  states: Set<string>;
  transitions: Set<AnyTransitionDefinition>;
}

export function uiPaths<TMachine extends AnyStateMachine>(
  model: TMachine,
  events: readonly EventFromLogic<TMachine>[],
  describe: (event: EventFromLogic<TMachine>) => string,
) {
  type TEvent = EventFromLogic<TMachine>;
  type TContext = ContextFrom<TMachine>;
  type Snapshot = ReturnType<TMachine["resolveState"]>;
  type TValue = Snapshot["value"];
  type Step = UiStep<TContext, TEvent, TValue>;
  type Path = UiPath<TContext, TEvent, TValue>;

  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context]);
  const toStep = (event: TEvent, s: Snapshot): Step => ({ event, state: { value: s.value as TValue, context: s.context as TContext } });
  const pathOf = (steps: Step[]): Path => ({ description: steps.map((s) => describe(s.event)).join(" → ") || "(start)", steps });
  const initialSnapshot = (): Snapshot => createActor(model as AnyStateMachine).getSnapshot() as Snapshot;
  // What xstate's `transition()` does, with one inert actor scope for all steps instead of a new
  // actor per step (a third of the time; the walk's searches take many thousands of steps).
  // The model is invoke-free and its actions are assignments, so nothing is executed or spawned.
  const self = createActor(model as AnyStateMachine);
  const scope = {
    self, defer: () => {}, id: "", logger: () => {}, sessionId: "", stopChild: () => {}, system: self.system, emit: () => {}, actionExecutor: () => {},
  } as unknown as AnyActorScope;
  const next = (snapshot: Snapshot, event: TEvent): Snapshot => model.transition(snapshot, event, scope) as Snapshot;

  /** Ids of the state nodes active along the steps, and the transition definitions they take (from an actor's inspection). */
  function reached(steps: readonly Step[]): Reached {
    const states = new Set<string>();
    const transitions = new Set<AnyTransitionDefinition>();
    const actor = createActor(model as AnyStateMachine, {
      inspect: (e) => {
        if (e.type !== "@xstate.microstep") return;
        for (const t of (e as { _transitions?: AnyTransitionDefinition[] })._transitions ?? []) transitions.add(t);
      },
    });
    actor.subscribe((s) => {
      for (const node of (s as Snapshot)._nodes as AnyStateNode[]) if (node.parent !== undefined) states.add(node.id);
    });
    actor.start();
    for (const step of steps) actor.send(step.event);
    actor.stop();
    return { states, transitions };
  }

  function allNodes(): AnyStateNode[] {
    const nodes: AnyStateNode[] = [];
    const walk = (n: AnyStateNode) => {
      nodes.push(n);
      Object.values(n.states).forEach((c) => walk(c as AnyStateNode));
    };
    walk(model.root);
    return nodes;
  }

  const allTransitions = (): AnyTransitionDefinition[] => allNodes().flatMap((n) => [...n.transitions.values()].flat());
  const allStateIds = (): string[] => allNodes().filter((n) => n.parent !== undefined).map((n) => n.id);

  function missingAfter(paths: readonly Path[]): string[] {
    const states = new Set(allStateIds());
    const transitions = new Set(allTransitions());
    for (const path of paths) {
      const r = reached(path.steps);
      r.states.forEach((s) => states.delete(s));
      r.transitions.forEach((t) => transitions.delete(t));
    }
    return [...[...states].map((s) => `state ${s}`), ...[...transitions].map((t) => `transition ${t.source.id} ${t.eventType}`)];
  }

  /** Shortest paths to every state of the model (xstate/graph). */
  function shortestUiPaths(): Path[] {
    return getShortestPaths(model, { events: [...events], serializeState: serialize as never }).map((p) =>
      pathOf(p.steps.filter((s) => (s.event.type as string) !== "xstate.init").map((s) => toStep(s.event as TEvent, s.state as Snapshot))),
    );
  }

  /** Every shortest path, and every shortest path followed by one more possible event (so every edge is a candidate). */
  function candidatePaths(): Path[] {
    const out: Path[] = [];
    for (const path of shortestUiPaths()) {
      out.push(path);
      const end = path.steps.at(-1)?.state;
      const snapshot = end === undefined ? initialSnapshot() : (model.resolveState(end) as Snapshot);
      for (const event of events) {
        if (!snapshot.can(event)) continue;
        out.push(pathOf([...path.steps, toStep(event, next(snapshot, event))]));
      }
    }
    return out;
  }

  /** The fewest candidates (greedily) that reach every state node and transition, shortest first. */
  function coveringUiPaths(): UiPathChoice<Path> {
    const candidates = candidatePaths().map((path) => ({ path, ...reached(path.steps) }));
    const wantedStates = new Set(allStateIds());
    const wantedTransitions = new Set(allTransitions());
    const chosen: Path[] = [];
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

  interface Move {
    event: TEvent;
    after: Snapshot;
    /** The state nodes active after the step, and the transitions it takes. */
    states: string[];
    transitions: AnyTransitionDefinition[];
  }

  /** The possible steps from a state (remembered by state: a walk's searches cross the same states again and again). */
  const movesFrom = new Map<string, Move[]>();
  function moves(snapshot: Snapshot): Move[] {
    const key = serialize(snapshot);
    let list = movesFrom.get(key);
    if (list === undefined) {
      list = [];
      for (const event of events) {
        if (!snapshot.can(event)) continue;
        const after = next(snapshot, event);
        const transitions = (model.getTransitionData(snapshot, event) ?? []) as AnyTransitionDefinition[];
        const states = (after._nodes as AnyStateNode[]).filter((n) => n.parent !== undefined).map((n) => n.id);
        list.push({ event, after, states, transitions });
      }
      movesFrom.set(key, list);
    }
    return list;
  }

  /**
   * Few, longer paths: each walks to the nearest step (breadth first from where it is) that reaches
   * a state node or transition not reached yet, takes it, and goes on; a path ends after
   * `maxSteps` steps (or when nothing more can be reached) and the next one starts from the start.
   */
  function walkingUiPaths({ maxSteps = 30 }: { maxSteps?: number } = {}): UiPathChoice<Path> {
    const wantedStates = new Set(allStateIds());
    const wantedTransitions = new Set(allTransitions());
    const isNew = (m: Move) => m.states.some((s) => wantedStates.has(s)) || m.transitions.some((t) => wantedTransitions.has(t));

    /** The shortest sequence of moves from `start` whose last one reaches something new, or null. */
    function nearest(start: Snapshot): Move[] | null {
      const seen = new Set([serialize(start)]);
      let frontier: Array<{ snapshot: Snapshot; path: Move[] }> = [{ snapshot: start, path: [] }];
      while (frontier.length > 0) {
        const following: typeof frontier = [];
        for (const { snapshot, path } of frontier) {
          for (const move of moves(snapshot)) {
            if (isNew(move)) return [...path, move];
            const key = serialize(move.after);
            if (seen.has(key)) continue;
            seen.add(key);
            following.push({ snapshot: move.after, path: [...path, move] });
          }
        }
        frontier = following;
      }
      return null;
    }

    const chosen: Path[] = [];
    for (;;) {
      let snapshot = initialSnapshot();
      const steps: Step[] = [];
      for (;;) {
        const more = nearest(snapshot);
        if (more === null || (steps.length > 0 && steps.length + more.length > maxSteps)) break;
        for (const move of more) {
          move.states.forEach((s) => wantedStates.delete(s));
          move.transitions.forEach((t) => wantedTransitions.delete(t));
          steps.push(toStep(move.event, move.after));
          snapshot = move.after;
        }
      }
      if (steps.length === 0) break;
      chosen.push(pathOf(steps));
      if (wantedStates.size === 0 && wantedTransitions.size === 0) break;
    }
    return { paths: chosen, missing: missingAfter(chosen) };
  }

  return { shortestUiPaths, coveringUiPaths, walkingUiPaths, reached, missingAfter };
}
