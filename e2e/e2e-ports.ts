import { execFileSync } from 'node:child_process';

/**
 * The ports the e2e servers listen on, chosen free when the Playwright config first loads. Fixed
 * ports broke the next `npm test` whenever a killed run left its preview server behind ("port 4310
 * is already used"). Playwright loads the config again in every worker process; those inherit the
 * environment, so the first choice is kept there (and specs read the same values).
 */

/**
 * A port nothing listens on right now, found synchronously (the config is evaluated synchronously):
 * a child Node process binds port 0 on 127.0.0.1, prints the port the OS gave it and exits.
 */
export function freePortSync(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not find a free port (got "${port}")`);
  return port;
}

/** The port in `name` if an earlier load of the config chose one, else a fresh free port (kept in `name`). */
function chosenPort(name: string): number {
  const existing = Number(process.env[name]);
  if (Number.isInteger(existing) && existing > 0) return existing;
  const port = freePortSync();
  process.env[name] = String(port);
  return port;
}

/** The built page (e2e/serve-dist.mjs). */
export const DIST_PORT = chosenPort('PG_E2E_DIST_PORT');
/** The LLM stand-in (test/llm-standin) that e2e/byo-model.spec.ts points the settings page at. */
export const STANDIN_PORT = chosenPort('PG_E2E_STANDIN_PORT');
