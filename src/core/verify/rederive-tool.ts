/**
 * Re-derivation for tool-use suites (the photonics agent, spec-to-design). A run by a built-in
 * (scripted) agent is re-run from the seed through the suite's own episode — the same tool loop,
 * fresh tools — and must reproduce every event (rederive.ts: `replayed`). A model's replies cannot
 * be re-run: they are taken as recorded (`regraded`), and what the harness logged is checked against
 * them — every tool call must be one the preceding reply made (same id, name and argument text),
 * with arguments that are the parse of that text, so a logged call whose arguments differ from what
 * the model sent is a mismatch.
 */
import type { EventCore } from '../agent/events.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import { rederiveEpisode, type RederiveContext, type RederiveSpec, type Rederivation } from './rederive.ts';
import { diffValues, type VerifyDiff } from './verify.ts';

interface ReplyCall {
  id: string;
  name: string;
  arguments_text: string;
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Every tool_call event against the reply that made it. */
export function toolCallDiffs(events: readonly EventCore[]): VerifyDiff[] {
  const diffs: VerifyDiff[] = [];
  let offered: ReplyCall[] = [];
  events.forEach((e, i) => {
    if (e.type === 'reply') offered = ((e as unknown as { tool_calls?: ReplyCall[] }).tool_calls ?? []).slice();
    if (e.type !== 'tool_call') return;
    const call = e as unknown as { call_id: string; name: string; arguments_text: string; arguments: unknown; valid: boolean };
    const made = offered.find((c) => c.id === call.call_id);
    const note = 'a logged tool call must be one the reply before it made, with the arguments it sent';
    if (!made) {
      diffs.push({ check: 'rederive', path: `events[${i}].call_id`, claimed: call.call_id, recomputed: offered.map((c) => c.id), note });
      return;
    }
    offered = offered.filter((c) => c !== made);
    for (const d of diffValues({ name: call.name, arguments_text: call.arguments_text }, { name: made.name, arguments_text: made.arguments_text }, `events[${i}]`)) diffs.push({ check: 'rederive', ...d, note });
    if (call.valid) for (const d of diffValues(call.arguments, parsedOrNull(made.arguments_text), `events[${i}].arguments`)) diffs.push({ check: 'rederive', ...d, note: 'the validated arguments are the parse of the text the model sent' });
  });
  return diffs;
}

/**
 * `timed`: tools whose result measures this machine (the photonics engine's `estimate` times a
 * probe solve); their results are not compared on a re-run, everything else about the call is.
 */
export async function rederiveToolEpisode<Task, Env, Opts, T extends TranscriptCore, M extends ManifestCore>(
  spec: RederiveSpec<Task, Env, Opts, T, M> & { timed?: readonly string[] },
  t: T,
  ctx: RederiveContext<Env, M>,
): Promise<Rederivation> {
  if (ctx.manifest.model) return { verdict: 'regraded', diffs: toolCallDiffs(t.events) };
  const r = await rederiveEpisode(spec, t, ctx);
  const timed = new Set(spec.timed ?? []);
  if (timed.size === 0) return r;
  const isTimedResult = (path: string): boolean => {
    const m = /^events\[(\d+)\]\.result(\.|\[|$)/.exec(path);
    const e = m ? (t.events[Number(m[1])] as unknown as { type?: string; name?: string } | undefined) : undefined;
    return e?.type === 'tool_call' && timed.has(e.name ?? '');
  };
  return { verdict: r.verdict, diffs: r.diffs.filter((d) => !isTimedResult(d.path)) };
}
