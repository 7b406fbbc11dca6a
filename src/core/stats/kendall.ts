/**
 * Kendall's τb (Kendall 1945), the tie-corrected rank correlation the paper uses for P4:
 *   τb = (C − D) / √((n0 − n1)(n0 − n2)),
 * with C/D the concordant/discordant pairs, n0 = n(n−1)/2, n1 = pairs tied in x, n2 = pairs tied in y.
 * Pairs tied in both variables count in n1 and n2 but in neither C nor D. O(n²), fine for rankings.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`kendallTauB: lengths differ (${x.length} vs ${y.length})`);
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign((x[j] as number) - (x[i] as number));
      const dy = Math.sign((y[j] as number) - (y[i] as number));
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const denom = Math.sqrt((n0 - tiedX) * (n0 - tiedY));
  // Undefined when either variable is constant (or n < 2): there is no ordering to agree with.
  if (denom === 0) return null;
  return (concordant - discordant) / denom;
}
