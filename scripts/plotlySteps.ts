/**
 * Plotly evaluated in steps (issue 19). The cartesian dist bundle is esbuild output: ~630 modules,
 * each behind a lazy initialiser (`var m = z((exports, module) => {…})`), and one entry that
 * requires them all at once: evaluating it is one main-thread task of 180-440 ms here. This build
 * transform keeps every module as it is and changes only the bundle's last statement: instead of
 * running the entry it hands back the initialisers in bundle order and the entry
 * (`{ __steps, __entry }`). `src/components/charts/plotlyLoader.ts` runs the initialisers a few at
 * a time, yielding to the browser between slices, then the entry, whose modules are all ready by
 * then. A module that needs another not run yet runs it (the initialisers cache their module), so
 * any order gives the same Plotly; the bundle's order (dependencies first) keeps the slices short.
 *
 * Written for plotly.js-cartesian-dist-min 4.x; a bundle of another shape fails the build (a test
 * runs this on the installed bundle).
 */
import type { Plugin } from "vite";

const BUNDLE = /plotly\.js-cartesian-dist-min[\\/]plotly-cartesian\.min\.js$/;
const escape = (name: string) => name.replace(/\$/g, "\\$");

/** The bundle's code with its entry handed back instead of run. */
export function plotlyInSteps(code: string): string {
  // esbuild's helpers: __commonJS (`(e,r)=>()=>{try{return r||e(…` ) and __esm (`(e,r,t)=>()=>{if(t)throw t[0];…`).
  const commonJs = /var ([\w$]+)=\(e,r\)=>\(\)=>\{try\{return r\|\|e\(\(r=\{exports:\{\}\}\)\.exports,r\),r\.exports\}/.exec(code)?.[1];
  const esm = /var ([\w$]+)=\(e,r,t\)=>\(\)=>\{if\(t\)throw t\[0\];/.exec(code)?.[1];
  if (commonJs === undefined || esm === undefined) throw new Error("plotly-in-steps: esbuild's module helpers not found in the Plotly bundle");
  const ends = [...code.matchAll(/return ([\w$]+)\(\);\}\)\(\);/g)];
  const end = ends.at(-1);
  if (ends.length !== 1 || end === undefined) throw new Error("plotly-in-steps: the bundle's entry call not found");
  const entry = end[1]!;
  const declared = new RegExp(`[,;\\s(]([\\w$]+)=(?:${escape(commonJs)}|${escape(esm)})\\(`, "g");
  const steps = [...new Set([...code.slice(0, end.index).matchAll(declared)].map((m) => m[1]!))].filter((name) => name !== entry);
  if (steps.length < 100) throw new Error(`plotly-in-steps: only ${steps.length} modules found in the Plotly bundle`);
  return `${code.slice(0, end.index)}return{__steps:[${steps.join(",")}],__entry:${entry}};})();${code.slice(end.index + end[0].length)}`;
}

export function plotlySteps(): Plugin {
  return {
    name: "brand-dashboard:plotly-in-steps",
    enforce: "pre",
    transform(code, id) {
      if (!BUNDLE.test(id.replace(/\?.*$/, ""))) return null;
      return { code: plotlyInSteps(code), map: null };
    },
  };
}
