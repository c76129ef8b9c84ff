/** How the latency benches print their figures: nearest-rank percentiles, milliseconds to one decimal. */

/** The p-th percentile (nearest rank) of the samples. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Milliseconds, right-aligned in seven columns. */
export const fmt = (n: number): string => n.toFixed(1).padStart(7);
