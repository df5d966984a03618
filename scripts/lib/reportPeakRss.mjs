// Preloaded by the benchmarks (`node --import ./scripts/lib/reportPeakRss.mjs …`) into a command
// they measure: prints the process's peak RSS to stderr when it exits. Plain JS, no loader hooks,
// so it adds nothing measurable to what it measures.
process.on("exit", () => {
  // maxRSS is in KiB.
  process.stderr.write(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\n`);
});
