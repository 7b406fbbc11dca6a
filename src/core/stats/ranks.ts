/**
 * Fractional ("average") ranks, 1-based: tied values share the mean of the ranks they span. This is
 * the tie convention of Spearman's ρ in SciPy and most textbooks.
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((p, q) => p.v - q.v);
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && (order[end + 1] as { v: number }).v === (order[start] as { v: number }).v) end++;
    // Positions start..end (0-based) hold ranks start+1..end+1; their mean is (start+end)/2 + 1.
    const shared = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[(order[k] as { i: number }).i] = shared;
    start = end + 1;
  }
  return ranks;
}
