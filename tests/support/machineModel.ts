/**
 * Generic model-based testing of the production statecharts (STYLE.md "Model-based tests",
 * pattern 1). A model file (`tests/models/<name>.model.ts`, format in tests/models/README.md)
 * gives sample events, actor outputs and errors; this runner
 *
 * - traverses the machine with `xstate/graph`, feeding synthetic `xstate.done.actor.<id>`,
 *   `xstate.error.actor.<id>` and `xstate.after.<delay>.<state>` events (`modelGraph`);
 * - derives paths that reach every state and take every edge of the graph (`modelPaths`);
 * - replays a path on a real actor with controllable fake actors and a test clock
 *   (`replayPath`), recording which state nodes and transition definitions xstate really used;
 * - counts coverage against every state node and transition definition of `machine.root`
 *   (`modelCoverage`).
 *
 * Used by tests/machines/modelPaths.test.ts, scripts/machine-coverage.ts and Playwright specs.
 */
import {
  createActor, fromPromise, type AnyActorLogic, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine,
  type AnyStateNode, type AnyTransitionDefinition, type EventFromLogic, type InspectionEvent, type StateValue,
} from "xstate";
import { getAdjacencyMap, getShortestPaths, getStateNodes, type TraversalOptions } from "xstate/graph";

// ---------------------------------------------------------------------------------------------
// Model format
// ---------------------------------------------------------------------------------------------

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The production machine, from machines/. */
  machine: TMachine;
  /** Input for the initial snapshot and the replay actor. */
  input?: unknown;
  /**
   * Sample events tried in every state that handles them. Typed as the machine's events; an
   * internal event the graph cannot see (README) may be listed as well.
   */
  events: ReadonlyArray<EventFromLogic<TMachine> | AnyEventObject>;
  /** Sample outputs of invoked actors by actor name → synthetic done events. Default [undefined]. */
  outputs?: Record<string, readonly unknown[]>;
  /** Sample errors of invoked actors by actor name → synthetic error events. Default one Error. */
  errors?: Record<string, readonly unknown[]>;
  /** Replay-only overrides of the controllable fakes, by actor name (see README). */
  actors?: Record<string, AnyActorLogic>;
  /** Context fields that tell apart snapshots with the same value. Default: none. */
  serializeContext?: (context: TMachine extends AnyStateMachine ? ReturnType<TMachine["getInitialSnapshot"]>["context"] : never) => unknown;
  /** Safety limit on the number of generated paths. Default 500. */
  maxPaths?: number;
}

/** Identity helper that type-checks a model file. */
export function defineModel<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): MachineModel<TMachine> {
  return model;
}

// ---------------------------------------------------------------------------------------------
// Machine structure: state nodes, transition definitions, invokes
// ---------------------------------------------------------------------------------------------

export interface TransitionInfo {
  /** Stable key: `<source id> <event type or "always"> #<index>`. */
  key: string;
  /** Human label: `source -(event [guard])-> target`. */
  label: string;
  definition: AnyTransitionDefinition;
}

function guardName(t: AnyTransitionDefinition): string | null {
  const guard = t.guard as unknown;
  if (guard === undefined || guard === null) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") return guard.name || "inline guard";
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string") return guard.type;
  return "guard";
}

/** Short, readable event label: done/error/after events are named by their actor/delay. */
export function eventLabel(eventType: string, invokeSrc?: ReadonlyMap<string, string>): string {
  if (eventType === "") return "always";
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${invokeSrc?.get(done[1]!) ?? done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${invokeSrc?.get(error[1]!) ?? error[1]}`;
  const after = /^xstate\.after\.(.+?)\.(.+)$/.exec(eventType);
  if (after) return `after ${after[1]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `done (${doneState[1]})`;
  return eventType;
}

/** Every state node except the root, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/** Invoke id → actor name (src), over the whole machine. */
export function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const inv of node.invoke) map.set(inv.id, typeof inv.src === "string" ? inv.src : inv.id);
  }
  return map;
}

/** Every transition definition of the machine, incl. guarded alternatives, after, always, onDone/onError. */
export function allTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const sources = invokeSources(machine);
  const out: TransitionInfo[] = [];
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always && node.always.length > 0) groups.push(["", node.always]);
    for (const [eventType, list] of groups) {
      list.forEach((t, index) => {
        const guard = guardName(t);
        const targets = t.target?.map((s: AnyStateNode) => s.id).join(", ") ?? "(stays)";
        out.push({
          key: `${node.id} ${eventType === "" ? "always" : eventType} #${index}`,
          label: `${node.id} -(${eventLabel(eventType, sources)}${guard ? ` [${guard}]` : ""})-> ${targets}`,
          definition: t,
        });
      });
    }
  }
  return out;
}

function transitionKeyIndex(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  return new Map(allTransitions(machine).map((t) => [t.definition, t.key]));
}

// ---------------------------------------------------------------------------------------------
// Traversal
// ---------------------------------------------------------------------------------------------

type Snap = AnyMachineSnapshot;

export function stateKey(model: MachineModel, snapshot: Snap): string {
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status === "active" ? undefined : snapshot.status,
    context: model.serializeContext ? model.serializeContext(snapshot.context) : undefined,
  });
}

/** The synthetic done/error events of every invoke and the `after` events of every state node. */
function syntheticEvents(model: MachineModel): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const node of [model.machine.root, ...allStateNodes(model.machine)]) {
    for (const t of node.after) events.push({ type: t.eventType });
  }
  for (const [id, src] of invokeSources(model.machine)) {
    for (const output of model.outputs?.[src] ?? [undefined]) events.push({ type: `xstate.done.actor.${id}`, output });
    for (const error of model.errors?.[src] ?? [new Error(`${src} failed (fake)`)]) {
      events.push({ type: `xstate.error.actor.${id}`, error });
    }
  }
  return events;
}

/**
 * Like `snapshot.can(event)`, but also true for a transition that neither moves nor acts (an
 * `onError` that only swallows the error): it is a transition of the chart and must be covered.
 */
function handles(snapshot: Snap, event: AnyEventObject): boolean {
  try {
    return (snapshot.machine.getTransitionData(snapshot, event)?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

export function traversalOptions(model: MachineModel): TraversalOptions<Snap, AnyEventObject, unknown> {
  const samples: AnyEventObject[] = [...model.events, ...syntheticEvents(model)];
  return {
    input: model.input,
    events: samples,
    filterEvents: (snapshot, event) => snapshot.status === "active" && handles(snapshot, event),
    serializeState: (snapshot) => stateKey(model, snapshot),
    serializeEvent: (event) => serializeEvent(event),
    limit: 10_000,
  };
}

function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { ...value, error: value.name, message: value.message } : value,
  );
}

export interface ModelStep {
  event: AnyEventObject;
  /** Snapshot the graph predicts after the event. */
  state: Snap;
}

export interface ModelPath {
  /** `state -(event)-> state -(event)-> …` */
  description: string;
  steps: ModelStep[];
  /** Snapshot at the end of the path. */
  state: Snap;
}

export function valueLabel(value: StateValue): string {
  if (typeof value === "string") return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, child] = entries[0]!;
    return child === undefined ? key : `${key}.${valueLabel(child as StateValue)}`;
  }
  return `{${entries.map(([k, v]) => `${k}: ${valueLabel(v as StateValue)}`).join(", ")}}`;
}

function describeSteps(model: MachineModel, initial: Snap, steps: ModelStep[]): string {
  const sources = invokeSources(model.machine);
  const parts = [valueLabel(initial.value)];
  for (const step of steps) {
    let label = eventLabel(step.event.type, sources);
    if (step.event.type.startsWith("xstate.done.actor.") && "output" in step.event) {
      label += ` ${short(step.event.output)}`;
    }
    parts.push(`-(${label})->`, valueLabel(step.state.value));
  }
  return parts.join(" ");
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function initialSnapshot(model: MachineModel): Snap {
  const probe = createActor(model.machine, { input: model.input } as never);
  return probe.getSnapshot() as Snap;
}

/**
 * Paths that reach every state of the graph and take every edge of it: the shortest path to
 * each state, plus for every edge the shortest path to its source followed by that event.
 * Paths that are a prefix of another path are dropped.
 */
export function modelPaths(model: MachineModel): ModelPath[] {
  const options = traversalOptions(model);
  const shortest = new Map<string, ModelStep[]>();
  for (const path of getShortestPaths(model.machine, options)) {
    const steps = path.steps.filter((s) => s.event.type !== "xstate.init").map((s) => ({ event: s.event, state: s.state }));
    shortest.set(stateKey(model, path.state), steps);
  }
  const adjacency = getAdjacencyMap(model.machine, options);
  const candidates: ModelStep[][] = [...shortest.values()];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const head = shortest.get(key);
    if (head === undefined) continue;
    for (const { event, state } of Object.values(transitions) as ModelStep[]) candidates.push([...head, { event, state }]);
  }
  const sig = (steps: ModelStep[]) => steps.map((s) => serializeEvent(s.event)).join("\n");
  const signatures = candidates.map(sig);
  const unique = new Map<string, ModelStep[]>();
  candidates.forEach((steps, i) => {
    const own = signatures[i]!;
    if (steps.length === 0 && candidates.some((c) => c.length > 0)) return;
    const isPrefix = signatures.some((other) => other !== own && other.startsWith(own + "\n"));
    if (!isPrefix) unique.set(own, steps);
  });
  const initial = initialSnapshot(model);
  const paths = [...unique.values()]
    .sort((a, b) => a.length - b.length)
    .map((steps) => ({ steps, state: steps.at(-1)?.state ?? initial, description: describeSteps(model, initial, steps) }));
  const max = model.maxPaths ?? 500;
  if (paths.length > max) {
    throw new Error(`model of ${model.machine.id} generates ${paths.length} paths (> maxPaths ${max}): narrow serializeContext or samples`);
  }
  return paths;
}

/**
 * Few, longer paths that together take every edge of the graph: what an end-to-end suite
 * (Playwright) runs, where each path costs a page load. Each path walks from the initial state
 * and keeps taking an edge not yet taken from the state it is in; when there is none, the path
 * ends (or at `maxSteps`) and the next one starts with the shortest path to an untaken edge.
 */
export function coveringPaths(model: MachineModel, options: { maxSteps?: number } = {}): ModelPath[] {
  const maxSteps = options.maxSteps ?? 25;
  const traversal = traversalOptions(model);
  const adjacency = getAdjacencyMap(model.machine, traversal);
  const shortest = new Map<string, ModelStep[]>();
  for (const path of getShortestPaths(model.machine, traversal)) {
    shortest.set(stateKey(model, path.state), path.steps.filter((s) => s.event.type !== "xstate.init").map((s) => ({ event: s.event, state: s.state })));
  }
  type Edge = { from: string; event: AnyEventObject; state: Snap; id: string };
  const outgoing = new Map<string, Edge[]>();
  for (const [from, { transitions }] of Object.entries(adjacency)) {
    outgoing.set(from, Object.entries(transitions).map(([eventKey, t]) => ({
      from, event: (t as ModelStep).event, state: (t as ModelStep).state, id: `${from} ${eventKey}`,
    })));
  }
  const untaken = new Set([...outgoing.values()].flat().filter((e) => shortest.has(e.from)).map((e) => e.id));
  const initial = initialSnapshot(model);
  const paths: ModelPath[] = [];
  while (untaken.size > 0) {
    // Start at the nearest untaken edge.
    const next = [...outgoing.values()].flat()
      .filter((e) => untaken.has(e.id))
      .sort((a, b) => shortest.get(a.from)!.length - shortest.get(b.from)!.length)[0]!;
    const steps: ModelStep[] = [...shortest.get(next.from)!];
    let edge: Edge | undefined = next;
    while (edge !== undefined && steps.length < maxSteps) {
      untaken.delete(edge.id);
      steps.push({ event: edge.event, state: edge.state });
      const here = stateKey(model, edge.state);
      // Prefer edges that do not end the machine, so the walk can go on.
      edge = (outgoing.get(here) ?? []).filter((e) => untaken.has(e.id))
        .sort((a, b) => Number(a.state.status !== "active") - Number(b.state.status !== "active"))[0];
    }
    paths.push({ steps, state: steps.at(-1)?.state ?? initial, description: describeSteps(model, initial, steps) });
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Replay on a real actor
// ---------------------------------------------------------------------------------------------

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** xstate's `clock` option (the type is not exported). */
interface Clock {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

interface Timer {
  id: number;
  fn: () => void;
  eventType: string | null;
}

export interface StepResult {
  event: AnyEventObject;
  expected: string;
  actual: string;
  ok: boolean;
  error?: string;
}

export interface ReplayResult {
  ok: boolean;
  steps: StepResult[];
  /** Ids of every state node that was active at some point. */
  states: Set<string>;
  /** Keys (see `allTransitions`) of every transition definition xstate took. */
  transitions: Set<string>;
  /** Final snapshot of the actor. */
  snapshot: Snap;
}

/** Lets settled fake promises reach the actor (their `.then` runs before the next macrotask). */
const flush = () => new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * Replays `path` on a real actor of the production machine with controllable fake actors
 * (`model.actors` overrides them) and a test clock. Each step must land in the snapshot the
 * graph predicted (compared with `stateKey`).
 */
export async function replayPath(model: MachineModel, path: ModelPath, options: { inspect?: (event: InspectionEvent) => void } = {}): Promise<ReplayResult> {
  const pending = new Map<string, Pending>();
  const fakes: Record<string, AnyActorLogic> = {};
  for (const name of Object.keys(model.machine.implementations.actors ?? {})) {
    fakes[name] = fromPromise<unknown, unknown>(({ self, signal }) =>
      new Promise((resolve, reject) => {
        const id = self.id;
        pending.set(id, { resolve, reject });
        signal.addEventListener("abort", () => {
          if (pending.get(id)?.resolve === resolve) pending.delete(id);
        });
      }),
    );
  }
  Object.assign(fakes, model.actors ?? {});

  const states = new Set<string>();
  const transitions = new Set<string>();
  const timers: Timer[] = [];
  let nextTimer = 1;
  let actorRef: { system: { getSnapshot(): { _scheduledEvents: Record<string, { event: AnyEventObject }> } } } | null = null;
  const clock: Clock = {
    setTimeout(fn: () => void, _ms: number) {
      const scheduled = actorRef ? Object.values(actorRef.system.getSnapshot()._scheduledEvents) : [];
      const timer: Timer = { id: nextTimer++, fn, eventType: scheduled.at(-1)?.event.type ?? null };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(id: number) {
      const index = timers.findIndex((t) => t.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  const record = (snapshot: Snap) => {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.parent !== undefined) states.add(node.id);
  };

  const machine = model.machine.provide({ actors: fakes } as never) as AnyStateMachine;
  // provide() builds new state nodes: key the transitions of the machine that really runs.
  const keys = transitionKeyIndex(machine);
  let sessionId: string | null = null;
  const actor = createActor(machine, {
    input: model.input,
    clock,
    inspect: (event: InspectionEvent) => {
      options.inspect?.(event);
      if (event.type !== "@xstate.microstep" || (sessionId !== null && event.actorRef.sessionId !== sessionId)) return;
      for (const t of (event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? []) {
        const key = keys.get(t);
        if (key !== undefined) transitions.add(key);
      }
      record(event.snapshot as Snap);
    },
  } as never);
  sessionId = actor.sessionId;
  actorRef = actor as never;
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  await flush();
  record(actor.getSnapshot() as Snap);

  const results: StepResult[] = [];
  let ok = true;
  for (const step of path.steps) {
    const event = step.event;
    let error: string | undefined;
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    if (done || failed) {
      const id = (done ?? failed)![1]!;
      const fake = pending.get(id);
      if (fake === undefined) error = `no running fake actor with id "${id}" to ${done ? "resolve" : "reject"}`;
      else {
        pending.delete(id);
        if (done) fake.resolve((event as { output?: unknown }).output);
        else fake.reject((event as { error?: unknown }).error);
      }
    } else if (event.type.startsWith("xstate.after.")) {
      const timer = timers.find((t) => t.eventType === event.type);
      if (timer === undefined) error = `no timer scheduled for ${event.type} (scheduled: ${timers.map((t) => t.eventType).join(", ") || "none"})`;
      else {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    } else {
      actor.send(event);
    }
    await flush();
    await flush();
    const snapshot = actor.getSnapshot() as Snap;
    record(snapshot);
    const expected = stateKey(model, step.state);
    const actual = stateKey(model, snapshot);
    if (error === undefined && errors.length > 0) error = `actor error: ${String(errors[0])}`;
    const stepOk = error === undefined && expected === actual;
    results.push({ event, expected, actual, ok: stepOk, ...(error === undefined ? {} : { error }) });
    if (!stepOk) {
      ok = false;
      break;
    }
  }
  const snapshot = actor.getSnapshot() as Snap;
  actor.stop();
  return { ok, steps: results, states, transitions, snapshot };
}

// ---------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------

export interface ModelCoverage {
  machineId: string;
  paths: number;
  failedPaths: Array<{ description: string; step: StepResult }>;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

/** Replays `paths` (default: all `modelPaths`) and counts the states and transitions they reached. */
export async function modelCoverage(model: MachineModel, paths: ModelPath[] = modelPaths(model)): Promise<ModelCoverage> {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const failedPaths: ModelCoverage["failedPaths"] = [];
  for (const path of paths) {
    const result = await replayPath(model, path);
    result.states.forEach((s) => states.add(s));
    result.transitions.forEach((t) => transitions.add(t));
    if (!result.ok) failedPaths.push({ description: path.description, step: result.steps.at(-1)! });
  }
  const allStates = allStateNodes(model.machine).map((n) => n.id);
  const allTrans = allTransitions(model.machine);
  return {
    machineId: model.machine.id,
    paths: paths.length,
    failedPaths,
    states: { covered: allStates.filter((s) => states.has(s)).length, total: allStates.length, missing: allStates.filter((s) => !states.has(s)) },
    transitions: {
      covered: allTrans.filter((t) => transitions.has(t.key)).length,
      total: allTrans.length,
      missing: allTrans.filter((t) => !transitions.has(t.key)).map((t) => t.label),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Loading model files
// ---------------------------------------------------------------------------------------------

/** Registry name of a model file path: `tests/models/filterDrawer.model.ts` → `filterDrawer`. */
export function modelName(file: string): string {
  return file.replace(/^.*[\\/]/, "").replace(/\.model\.ts$/, "");
}

/** The model exported by a model module: `default`, `model`, or the only export with a `machine`. */
export function modelFromModule(mod: Record<string, unknown>, file: string): MachineModel {
  const isModel = (v: unknown): v is MachineModel => typeof v === "object" && v !== null && "machine" in v && "events" in v;
  if (isModel(mod.default)) return mod.default;
  if (isModel(mod.model)) return mod.model;
  const found = Object.values(mod).filter(isModel);
  if (found.length === 1) return found[0]!;
  throw new Error(`${file}: export the model as default (defineModel({ machine, events, … }))`);
}
