// The Plotly dist bundle ships no types. It is the plotly.js API (UMD: `module.exports = Plotly`,
// which the bundler hands over as the default export), so @types/plotly.js describes it.
// react-plotly.js/factory has its own types (props typed `unknown`); LazyPlot narrows them.
declare module "plotly.js-cartesian-dist-min" {
  import type * as Plotly from "plotly.js";
  const plotly: typeof Plotly;
  export default plotly;
}
