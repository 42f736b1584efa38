// Lighthouse's CPU throttling calculator (docs/throttling.md, "Calibrating the CPU slowdown"): the slowdown that makes
// a host with this benchmark index emulate the mid-tier phone the 4× preset assumes of a 1,300–2,000 desktop.

/** Lighthouse's own default for the mobile preset, printed beside the calibrated figure. */
export const presetCpuSlowdown = 4;

/** The multiplier for a host whose Lighthouse benchmark index is `benchmarkIndex`, to one decimal as the calculator shows it. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}
