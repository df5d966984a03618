/**
 * `npm run docs:machines`: writes `docs/machines/<name>.md` for every machine of
 * machines/registry.ts: a Mermaid `stateDiagram-v2` generated from `machine.toJSON()` (states,
 * nested and parallel states, initial and final states, transitions labelled by event with the
 * guard in brackets), a table of the states and transitions, and the JSON definition.
 *
 * Mermaid notes: every transition is written at the top level (a state id mentioned inside a
 * second composite block would be moved there, mermaid #5290), and parallel regions are sibling
 * boxes inside the parallel state's box (transitions out of a `--` region other than the first
 * are a syntax error, mermaid #5096).
 *
 * The output is deterministic, so tests/machines/diagrams.test.ts can render it in memory and
 * fail when a machine changed and its file was not regenerated. `--check` does the same here:
 * exits 1 when a file is stale, without writing.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyStateMachine } from "xstate";
import { MACHINES } from "../machines/registry";

export const DIAGRAM_DIR = "docs/machines";

/** The parts of `machine.toJSON()` this generator reads. */
interface JsonTransition {
  target?: string[];
  guard?: { type?: string } | string;
  actions?: Array<{ type?: string } | string>;
  eventType: string;
  description?: string;
  delay?: string | number;
}
interface JsonInvoke {
  id: string;
  src: unknown;
}
interface JsonStateNode {
  id: string;
  key: string;
  type: "atomic" | "compound" | "parallel" | "final" | "history";
  initial?: { target: unknown[] };
  states: Record<string, JsonStateNode>;
  on: Record<string, JsonTransition[]>;
  invoke: JsonInvoke[];
  description?: string;
  tags: string[];
}

interface Edge {
  from: string;
  to: string;
  label: string;
  guard: string | null;
  description: string | null;
}

/** Mermaid identifiers: letters, digits and underscores only. */
const mid = (stateId: string) => stateId.replace(/[^A-Za-z0-9_]/g, "_");
/** Text that Mermaid shows verbatim in labels: no colons, semicolons or quotes. */
const text = (value: string) => value.replace(/[:;"#]/g, " ").replace(/\s+/g, " ").trim();
const md = (value: string) => value.replace(/\|/g, "\\|").replace(/\n/g, " ");

function guardName(t: JsonTransition): string | null {
  if (t.guard === undefined) return null;
  if (typeof t.guard === "string") return t.guard;
  return t.guard.type ?? "guard";
}

function srcName(inv: JsonInvoke): string {
  return typeof inv.src === "string" ? inv.src : inv.id;
}

/** Reads the definition, and the eventless (`always`) transitions, which `toJSON()` leaves out. */
function collect(machine: AnyStateMachine) {
  // toJSON() hands back live objects with their own toJSON(): take the JSON itself.
  const root = JSON.parse(JSON.stringify(machine.toJSON())) as JsonStateNode;
  const nodes: JsonStateNode[] = [];
  const walk = (node: JsonStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(root);
  const invokes = new Map<string, string>();
  for (const node of nodes) for (const inv of node.invoke) invokes.set(inv.id, srcName(inv));

  const eventText = (eventType: string): string => {
    if (eventType === "") return "always";
    let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
    if (m) return `${invokes.get(m[1]!) ?? m[1]} done`;
    m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
    if (m) return `${invokes.get(m[1]!) ?? m[1]} error`;
    m = /^xstate\.after\.(.+?)\.(.+)$/.exec(eventType);
    if (m) return `after ${/^\d+$/.test(m[1]!) ? `${m[1]} ms` : m[1]}`;
    m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
    if (m) return `done`;
    return eventType;
  };

  const edges: Edge[] = [];
  for (const node of nodes) {
    const groups: Array<[string, JsonTransition[]]> = Object.entries(node.on ?? {});
    const always = machine.getStateNodeById(node.id).always ?? [];
    if (always.length > 0) {
      groups.push(["", always.map((t) => ({
        eventType: "",
        target: t.target?.map((s) => `#${s.id}`),
        guard: typeof t.guard === "object" && t.guard !== null && "type" in t.guard ? { type: String(t.guard.type) } : undefined,
        description: t.description,
      }))]);
    }
    for (const [eventType, list] of groups) {
      for (const t of list) {
        const targets = t.target && t.target.length > 0 ? t.target.map((s) => s.replace(/^#/, "")) : [node.id];
        for (const to of targets) {
          edges.push({ from: node.id, to, label: eventText(eventType), guard: guardName(t), description: t.description ?? null });
        }
      }
    }
  }
  return { root, nodes, edges, invokes };
}

function initialTargets(node: JsonStateNode): string[] {
  return (node.initial?.target ?? []).map((t) => String(t).replace(/^#/, ""));
}

/** Mermaid `stateDiagram-v2` of the machine. */
export function mermaid(machine: AnyStateMachine): string {
  const { root, edges } = collect(machine);
  const lines = ["stateDiagram-v2"];
  const rootId = root.id;
  // Transitions defined on the root apply in every state; they start from a pseudo-state.
  const anyId = `${mid(rootId)}__any`;
  const declare = (node: JsonStateNode, indent: string) => {
    const children = Object.values(node.states);
    const name = mid(node.id);
    if (children.length === 0) {
      lines.push(`${indent}state "${text(node.key)}" as ${name}`);
      return;
    }
    // Parallel regions are drawn as sibling boxes in a box marked "(parallel)": Mermaid's `--`
    // region separator breaks transitions that leave any region but the first (mermaid #5096).
    lines.push(`${indent}state "${text(node.key)}${node.type === "parallel" ? " (parallel)" : ""}" as ${name} {`);
    declareChildren(node, `${indent}  `);
    lines.push(`${indent}}`);
  };
  const declareChildren = (node: JsonStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.type === "parallel") {
      for (const child of children) declare(child, indent);
      return;
    }
    for (const t of initialTargets(node)) lines.push(`${indent}[*] --> ${mid(t)}`);
    for (const child of children) declare(child, indent);
    for (const child of children) if (child.type === "final") lines.push(`${indent}${mid(child.id)} --> [*]`);
  };
  declareChildren(root, "  ");
  if (edges.some((e) => e.from === rootId)) lines.push(`  state "any state" as ${anyId}`);
  for (const e of edges) {
    const from = e.from === rootId ? anyId : mid(e.from);
    const to = e.to === rootId ? anyId : mid(e.to);
    lines.push(`  ${from} --> ${to} : ${text(e.label)}${e.guard ? ` [${text(e.guard)}]` : ""}`);
  }
  return lines.join("\n");
}

/** The whole `docs/machines/<name>.md` of one machine. */
export function renderMachineDoc(name: string, machine: AnyStateMachine): string {
  const { root, nodes, edges, invokes } = collect(machine);
  const out: string[] = [];
  out.push(`# Machine \`${name}\` (id \`${root.id}\`)`);
  out.push("");
  out.push("<!-- Generated by `npm run docs:machines` from `machine.toJSON()`. Do not edit by hand:");
  out.push("     tests/machines/diagrams.test.ts fails when this file and the machine disagree. -->");
  out.push("");
  if (root.description) out.push(root.description, "");
  out.push("Open in the live inspector: `npm run dev`, then http://localhost:5173/?inspect (see docs/machines.md).");
  out.push("");
  out.push("```mermaid");
  out.push(mermaid(machine));
  out.push("```");
  out.push("");
  out.push("## States");
  out.push("");
  out.push("| state | type | tags | invokes | description |");
  out.push("| --- | --- | --- | --- | --- |");
  for (const node of nodes.slice(1)) {
    const inv = node.invoke.map((i) => `\`${srcName(i)}\``).join(", ");
    out.push(`| \`${node.id}\` | ${node.type} | ${node.tags.join(", ")} | ${inv} | ${md(node.description ?? "")} |`);
  }
  out.push("");
  out.push("## Transitions");
  out.push("");
  out.push("| from | event | guard | to | description |");
  out.push("| --- | --- | --- | --- | --- |");
  for (const e of edges) {
    const to = e.to === e.from ? "(stays)" : `\`${e.to}\``;
    out.push(`| \`${e.from === root.id ? `${root.id} (any state)` : e.from}\` | ${md(e.label)} | ${e.guard ? `\`${e.guard}\`` : ""} | ${to} | ${md(e.description ?? "")} |`);
  }
  if (invokes.size > 0) {
    out.push("");
    out.push("Invoked actors (provided by the app in `src/app/`, by fakes in tests): " +
      [...new Set(invokes.values())].sort().map((s) => `\`${s}\``).join(", ") + ".");
  }
  out.push("");
  out.push("## Definition (`machine.toJSON()`)");
  out.push("");
  out.push("<details><summary>JSON</summary>");
  out.push("");
  out.push("```json");
  out.push(JSON.stringify(machine.toJSON(), null, 2));
  out.push("```");
  out.push("");
  out.push("</details>");
  out.push("");
  return out.join("\n");
}

export function diagramPath(name: string): string {
  return path.join(DIAGRAM_DIR, `${name}.md`);
}

/** Every expected file: path → content. */
export function expectedDiagrams(): Map<string, string> {
  return new Map(Object.entries(MACHINES).map(([name, machine]) => [diagramPath(name), renderMachineDoc(name, machine)]));
}

/** Files under docs/machines/ that belong to no registry machine. */
export function staleDiagramFiles(expected: Map<string, string>): string[] {
  if (!existsSync(DIAGRAM_DIR)) return [];
  return readdirSync(DIAGRAM_DIR)
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join(DIAGRAM_DIR, f))
    .filter((f) => !expected.has(f));
}

function main(): number {
  const check = process.argv.includes("--check");
  const expected = expectedDiagrams();
  let stale = 0;
  mkdirSync(DIAGRAM_DIR, { recursive: true });
  for (const [file, content] of expected) {
    const current = existsSync(file) ? readFileSync(file, "utf8") : null;
    if (current === content) {
      console.log(`  unchanged ${file}`);
      continue;
    }
    stale += 1;
    if (check) console.log(`  STALE     ${file}`);
    else {
      writeFileSync(file, content);
      console.log(`  wrote     ${file}`);
    }
  }
  for (const file of staleDiagramFiles(expected)) {
    stale += 1;
    if (check) console.log(`  ORPHAN    ${file} (no machine of that name in machines/registry.ts)`);
    else {
      rmSync(file);
      console.log(`  removed   ${file} (no machine of that name in machines/registry.ts)`);
    }
  }
  if (check && stale > 0) {
    console.log("Diagrams are stale: run `npm run docs:machines`.");
    return 1;
  }
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(main());
}
