/**
 * Token counts as the page shows them. Money: formatUsd in core/run/usage.ts (shared with the CLI
 * and results.md).
 */
export function formatTokens(n: number): string {
  return n.toLocaleString('en-US');
}
