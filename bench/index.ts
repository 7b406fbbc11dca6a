/**
 * `npm run bench`: the Node benchmarks. The browser benchmark needs a build and Chromium, so it runs
 * separately: npm run build && npx tsx bench/oracle-browser.ts
 */
import './oracle-node.ts';
