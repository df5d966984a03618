/**
 * Plotly evaluated in steps (issue 19). The cartesian dist bundle is esbuild output: ~630 modules,
 * each behind a lazy initialiser (`var m = z((exports, module) => {…})`), and one entry that
 * requires them all at once: evaluating it is one main-thread task of 180-440 ms here. This build
 * transform keeps every module as it is and changes only the bundle's frame: the UMD wrapper and
 * esbuild's IIFE go, so the bundle's declarations are an ES module's top level (compiled while the
 * file streams in), and instead of running the entry the module hands back the initialisers in
 * bundle order and the entry (`export default { __steps, __entry, __drawSteps }`).
 * `src/components/charts/plotlyLoader.ts` runs the initialisers a few at a time, yielding to the
 * browser between slices, then the entry, whose modules are all ready by then. A module that needs
 * another not run yet runs it (the initialisers cache their module), so any order gives the same
 * Plotly; the bundle's order (dependencies first) keeps the slices short. The built chunk carries
 * V8's compile hint (`COMPILE_ALL_HINT`), so the functions the first chart calls are compiled off
 * the main thread too.
 *
 * Written for plotly.js-cartesian-dist-min 4.x; a bundle of another shape fails the build (a test
 * runs this on the installed bundle).
 */
import type { Plugin } from "vite";

const BUNDLE = /plotly\.js-cartesian-dist-min[\\/]plotly-cartesian\.min\.js$/;
const escape = (name: string) => name.replace(/\$/g, "\\$");

/** Where the UMD wrapper and esbuild's IIFE open, and where they close. */
const OPENING = /\(\s*function\s*\(root, factory\)[\s\S]*?"use strict";var ([\w$]+)=\(\(\)=>\{/;
const CLOSING = /window\.Plotly = ([\w$]+);\s*return \1;\s*\}\)\);\s*$/;

/**
 * The draw of a graph (`_doPlot`, behind `newPlot` and a `react` that redraws): after defaults and
 * calculation it runs a sequence of steps (framework, margins, axes, traces, final draw, ...)
 * through `Lib.syncOrAsync`, which goes on at once from one step to the next unless a step hands
 * back a promise, and `_doPlot` hands back a promise either way. Its one call is routed through
 * `__drawRunner` when the app has set one (`__drawSteps`): `plotlyLoader.ts` runs the steps with
 * the browser free to paint and answer input between them, so a chart's first draw is not one
 * long task. Other `syncOrAsync` calls stay as they are: some of them do not wait for what it
 * hands back.
 */
const DRAW_SEQUENCE = /(\.push\(([\w$]+)\.drawData,\2\.finalDraw,[^;]*\);var [\w$]+=)([\w$]+)\.syncOrAsync\(([\w$]+),([\w$]+)\);/g;

/**
 * The bundle as an ES module whose top level is the bundle's own: its helpers and its module
 * initialisers are declared, none is run, and the module's default export hands them back with
 * the entry (`{ __steps, __entry, __drawSteps }`).
 *
 * Why the top level: the browser compiles a module's top level while the file downloads (script
 * streaming, off the main thread), but a function is compiled when it is first called, on the main
 * thread. Inside the UMD wrapper and esbuild's IIFE, the whole 1.4 MB bundle was one function,
 * and its first call parsed and compiled all of it in one task (~240 ms of parsing here). At the
 * top level only the initialisers' bodies are left to compile, each when its own slice runs.
 */
export function plotlyInSteps(code: string): string {
  // esbuild's helpers: __commonJS (`(e,r)=>()=>{try{return r||e(…` ) and __esm (`(e,r,t)=>()=>{if(t)throw t[0];…`).
  const commonJs = /var ([\w$]+)=\(e,r\)=>\(\)=>\{try\{return r\|\|e\(\(r=\{exports:\{\}\}\)\.exports,r\),r\.exports\}/.exec(code)?.[1];
  const esm = /var ([\w$]+)=\(e,r,t\)=>\(\)=>\{if\(t\)throw t\[0\];/.exec(code)?.[1];
  if (commonJs === undefined || esm === undefined) throw new Error("plotly-in-steps: esbuild's module helpers not found in the Plotly bundle");
  const opening = OPENING.exec(code);
  const closing = CLOSING.exec(code);
  if (opening === null || closing === null || opening[1] !== closing[1]) throw new Error("plotly-in-steps: the bundle's UMD wrapper not found");
  const ends = [...code.matchAll(/return ([\w$]+)\(\);\}\)\(\);/g)];
  const end = ends.at(-1);
  if (ends.length !== 1 || end === undefined) throw new Error("plotly-in-steps: the bundle's entry call not found");
  const entry = end[1]!;
  const body = code.slice(opening.index + opening[0].length, end.index);
  const declared = new RegExp(`[,;\\s(]([\\w$]+)=(?:${escape(commonJs)}|${escape(esm)})\\(`, "g");
  const steps = [...new Set([...body.matchAll(declared)].map((m) => m[1]!))].filter((name) => name !== entry);
  if (steps.length < 100) throw new Error(`plotly-in-steps: only ${steps.length} modules found in the Plotly bundle`);
  const draws = [...body.matchAll(DRAW_SEQUENCE)];
  if (draws.length !== 1) throw new Error(`plotly-in-steps: the draw sequence's call found ${draws.length} times in the Plotly bundle, not once`);
  const drawn = body.replace(DRAW_SEQUENCE, (_all, before: string, _subroutines: string, lib: string, sequence: string, graph: string) =>
    `${before}(__drawRunner||${lib}.syncOrAsync)(${sequence},${graph});`);
  // The licence header before the wrapper and the licence comments after the IIFE stay.
  const header = code.slice(0, opening.index);
  const licences = code.slice(end.index + end[0].length, closing.index);
  return `${header}var __drawRunner=null;${drawn}\n`
    + `export default{__steps:[${steps.join(",")}],__entry:${entry},__drawSteps:function(r){__drawRunner=r}};\n${licences}`;
}

/**
 * V8's compile hint for a whole file (Chrome 136 and later): every function of the script is
 * compiled while it streams in, off the main thread, instead of at its first call on the main
 * thread. Plotly's first chart calls hundreds of its functions for the first time; compiled
 * ahead, the first `newPlot` of a page took about a third less here (a bar chart 115 → 77 ms,
 * a line chart 204 → 136 ms, median of 5 cold pages). It must be the file's first line.
 */
export const COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad\n";

/** A built chunk and, when the build writes one, its source map (as rolldown and Rollup hand them to `generateBundle`). */
interface BuiltChunk { type: "chunk"; code: string; moduleIds: readonly string[]; map?: { mappings: string } | null }
interface BuiltAsset { type: "asset"; source: string | Uint8Array }

/** The Plotly chunk's code with the compile hint as its first line, and its source map moved one line down to match. */
export function withCompileHint(bundle: Record<string, BuiltChunk | BuiltAsset | { type: string }>): number {
  let hinted = 0;
  for (const [fileName, output] of Object.entries(bundle)) {
    if (output.type !== "chunk") continue;
    const chunk = output as BuiltChunk;
    if (!chunk.moduleIds.some((id) => BUNDLE.test(id)) || chunk.code.startsWith(COMPILE_ALL_HINT)) continue;
    chunk.code = COMPILE_ALL_HINT + chunk.code;
    // A source map's lines are separated by ";": one more line at the top is one more ";".
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapFile = bundle[`${fileName}.map`] as BuiltAsset | undefined;
    if (mapFile?.type === "asset") {
      const map = JSON.parse(typeof mapFile.source === "string" ? mapFile.source : new TextDecoder().decode(mapFile.source)) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      mapFile.source = JSON.stringify(map);
    }
    hinted += 1;
  }
  return hinted;
}

export function plotlySteps(): Plugin {
  return {
    name: "brand-dashboard:plotly-in-steps",
    enforce: "pre",
    transform(code, id) {
      if (!BUNDLE.test(id.replace(/\?.*$/, ""))) return null;
      return { code: plotlyInSteps(code), map: null };
    },
    generateBundle(_options, bundle) {
      withCompileHint(bundle as unknown as Parameters<typeof withCompileHint>[0]);
    },
  };
}
