/**
 * Money and token counts as the page shows them. An unknown cost is the words "unknown price",
 * never "$0": a model missing from the price table is not free.
 */
export function formatUsd(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return 'unknown price';
  if (usd === 0) return '$0';
  // Sub-cent costs are the norm for one request: keep 2 significant digits instead of rounding to $0.00.
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(usd < 100 ? 4 : 2)}`;
}

export function formatTokens(n: number): string {
  return n.toLocaleString('en-US');
}
