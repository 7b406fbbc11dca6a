// The evidence viewer on real evaluations: the ring task's built-in agents played through the tool
// loop on the Node reproduction environment (as test/reproduction/suite.test.ts does), their
// transcripts round-tripped through JSON and the suite's schema as a stored run holds them. Every
// expected number is read from the transcript's own verdict or recomputed from the package files.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessReproductionEnv } from '../../../adapters/node/reproduction-env.ts';
import { sha256Hex } from '../../../core/hash/sha256.ts';
import { REPRODUCTION_AGENTS } from '../../../core/reproduction/agents/index.ts';
import { generateReproductionBank } from '../../../core/reproduction/bank/generate.ts';
import type { ReproductionEnv } from '../../../core/reproduction/environment.ts';
import { ReproductionTranscriptSchema, runReproductionEpisode, type ReproductionTranscript } from '../../../core/reproduction/episode.ts';
import type { ReproductionVerdict } from '../../../core/reproduction/evaluator.ts';
import { deriveReproductionRow } from '../../../core/reproduction/rows.ts';
import { effectiveLeaves } from '../../../core/reproduction/rubric.ts';
import { reproductionSuite } from '../../../core/reproduction/suite.ts';
import { REPRODUCTION_TASKS } from '../../../core/reproduction/tasks/index.ts';
import { ringFsrTask } from '../../../core/reproduction/tasks/ring-fsr.ts';
import type { AnySuite } from '../../../core/suite/contract.ts';
import { EvidenceViewer } from './EvidenceViewer.tsx';
import { ReproductionTranscriptView } from './ReproductionTranscriptView.tsx';
import { ReproductionResultTables } from './ReproductionResultTables.tsx';
import { RubricTree } from './RubricTree.tsx';
import { readVerdict } from './verdict-of.ts';

const suite = reproductionSuite as unknown as AnySuite;
const bank = generateReproductionBank(REPRODUCTION_TASKS);
const task = bank.tasks.find((t) => t.task_id === ringFsrTask.task.task_id)!;
const leafIds = effectiveLeaves(ringFsrTask.rubric).map((l) => l.leaf.id);
const interpretive = new Set(effectiveLeaves(ringFsrTask.rubric).filter((l) => l.leaf.kind === 'interpretive').map((l) => l.leaf.id));
type Graded = ReproductionVerdict['rubric']['tree'];
const leavesOf = (n: Graded): Graded[] => (n.children ? n.children.flatMap(leavesOf) : [n]);
// React's escaping of text, so a reason can be looked for in the markup.
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const count = (html: string, needle: string): number => html.split(needle).length - 1;
const render = (t: ReproductionTranscript): string => renderToStaticMarkup(<ReproductionTranscriptView suite={suite} transcript={t} headingId="h" />);

let env: ReproductionEnv;
const played = new Map<string, ReproductionTranscript>();
// The evaluator thread's start-up and six ring replays can pass the default 10 s hook limit on a loaded machine.
beforeAll(async () => {
  env = await createInProcessReproductionEnv();
  for (const id of ['reference', 'plausible', 'empty']) {
    let clock = 0;
    const agent = REPRODUCTION_AGENTS.find((a) => a.id === id)!;
    const t = await runReproductionEpisode({ task, taskIndex: 0, agent, env, clock: () => (clock += 1), runSeed: 7, signal: new AbortController().signal, options: {} });
    played.set(id, ReproductionTranscriptSchema.parse(JSON.parse(JSON.stringify(t))));
  }
}, 180_000);

function verdictOf(t: ReproductionTranscript): ReproductionVerdict {
  const r = readVerdict(t.events);
  if (r.kind !== 'ok') throw new Error(`no verdict: ${r.kind}`);
  return r.verdict;
}

describe('ReproductionTranscriptView on real evaluations of the ring FSR task', () => {
  it('the reference package: completed replay, Full, every rubric leaf with its score and reason, artifacts plotted, sources hashed', () => {
    const t = played.get('reference')!;
    const v = verdictOf(t);
    const html = render(t);
    expect(html).toContain('data-testid="repro-replay-status">completed<');
    // No judge in this run: the interpretive leaf (effective weight 0.08) is not judged, so coverage is 0.92.
    expect(html).toContain('<strong class="pass">Full</strong>, score 1.000, coverage 0.920');
    expect(count(html, 'data-testid="repro-rubric-leaf"')).toBe(leafIds.length);
    for (const id of leafIds) expect(html).toMatch(new RegExp(`data-testid="repro-rubric-leaf" data-id="${id}" data-score="${interpretive.has(id) ? 'null' : '1'}"`));
    const graded = leavesOf(v.rubric.tree);
    expect(graded.map((n) => n.id)).toEqual(leafIds);
    for (const n of graded) if (!interpretive.has(n.id)) expect(html).toContain(`— ${escape(n.reason!)}`);
    expect(count(html, 'data-testid="repro-stage"')).toBe(3);
    // Each source's hash is the SHA-256 of the reference file the agent wrote.
    for (const f of ringFsrTask.reference.filter((x) => x.path.endsWith('.js'))) expect(html).toContain(`data-path="${f.path}"><th scope="row" class="mono">${f.path}</th><td class="num">${f.text.length}</td><td class="mono" style="word-break:break-all">${sha256Hex(f.text)}</td>`);
    expect(v.artifacts.map((a) => a.name)).toEqual(['resonances', 'fsr', 'convergence']);
    expect(count(html, 'data-testid="repro-artifact-plot"')).toBe(3);
    expect(count(html, 'data-testid="repro-call"')).toBe(v.calls.length);
    for (const c of v.calls) expect(html).toContain(c.result_sha256);
    expect(html).toContain(v.logs[0]!);
  });

  it('with the judge\'s records the viewer shows the rubric the row scores: the judged leaf in, coverage 1', () => {
    const ref = played.get('reference')!;
    const raw = JSON.stringify({ score: 1, reason: 'the report derives n_g from the phase condition', cites: ['artifact:fsr', 'report'] });
    const judging = { protocol: 'reproduction-judge/1', provider: 'openai', model: 'stand-in', records: [...interpretive].map((leaf_id) => ({ leaf_id, request_sha256: '0'.repeat(64), raw, error: null, score: 1, reason: 'judge' })) };
    const html = render({ ...ref, judging });
    expect(html).toContain('<strong class="pass">Full</strong>, score 1.000, coverage 1.000');
    for (const id of interpretive) expect(html).toMatch(new RegExp(`data-id="${id}" data-score="1"`));
  });

  it('the plausible package: Partial, its lost leaves scored 0 with their reasons (rubric tree snapshot)', () => {
    const v = verdictOf(played.get('plausible')!);
    expect(v.rubric.full).toBe(false);
    const html = renderToStaticMarkup(<RubricTree tree={v.rubric.tree} />);
    expect(html).toMatch(/data-id="sampling-converged" data-score="0"/);
    expect(html).toMatchSnapshot();
  });

  it('the empty package: invalid replay with its reason; the gate zeroes every other leaf and each says so', () => {
    const t = played.get('empty')!;
    const v = verdictOf(t);
    const html = render(t);
    expect(html).toContain('data-testid="repro-replay-status">invalid<');
    expect(html).toContain(`data-testid="repro-replay-reason">${v.reason!}<`);
    expect(count(html, 'data-testid="repro-gated"')).toBe(leafIds.length - 1 + 3);
    expect(count(html, '— gated by replay-completed')).toBe(leafIds.length - 1 + 3);
  });

  it('an unjudged leaf reads "not judged", not 0', () => {
    const v = structuredClone(verdictOf(played.get('reference')!));
    const leaf = v.rubric.tree.children!.find((n) => n.id === 'validation')!.children![0]!;
    leaf.score = null;
    delete leaf.reason;
    const html = renderToStaticMarkup(<RubricTree tree={v.rubric.tree} />);
    expect(html).toMatch(new RegExp(`data-id="${leaf.id}" data-score="null">.*?<strong class="note">not judged</strong>`));
  });

  it('a malformed recorded verdict is named, not drawn; a transcript without a submission says so', () => {
    const t = structuredClone(played.get('reference')!);
    const submit = t.events.find((e) => e.type === 'tool_call' && e.name === 'submit') as { result: { verdict: { rubric: { score: unknown } } } };
    submit.result.verdict.rubric.score = 'high';
    const html = render(t);
    expect(html).toContain('data-testid="repro-verdict-malformed"');
    expect(html).toContain('rubric.score: ');
    expect(html).not.toContain('data-testid="repro-evidence"');
    const none = { ...t, events: t.events.filter((e) => !(e.type === 'tool_call' && e.name === 'submit')) };
    expect(render(none)).toContain('data-testid="repro-not-submitted"');
  });

  it('a hostile SVG artifact a workflow writes never reaches the DOM as markup; a plain one is an <img> from a data: URL', async () => {
    const entry = ringFsrTask.reference.find((f) => f.path === 'reproduce.js')!;
    const extra = [
      `artifact.svg('evil', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="5" height="5"/></svg>');`,
      `artifact.svg('handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>');`,
      `artifact.svg('plain', '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#009E73"/></svg>');`,
    ].join('\n');
    const files = ringFsrTask.reference.map((f) => (f === entry ? { path: f.path, text: `${f.text}\n${extra}\n` } : f));
    const v = await env.evaluate(task.task_id, files);
    expect(v.artifacts.filter((a) => a.kind === 'svg').map((a) => a.name)).toEqual(['evil', 'handler', 'plain']);
    const call = { type: 'tool_call' as const, t_ms: 0, step: 1, call_id: 'c', name: 'submit', arguments_text: '{}', arguments: {}, valid: true, error: null, result: null, duration_ms: 0 };
    const html = renderToStaticMarkup(<EvidenceViewer verdict={v} call={call} files={files} />);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]*\sonload=/i);
    expect(count(html, 'data-testid="repro-svg-refused"')).toBe(2);
    expect(count(html, '<img ')).toBe(1);
    expect(html).toMatch(/<img src="data:image\/svg\+xml;charset=utf-8,%3Csvg[^"<>]*" alt="SVG artifact plain/);
    // The refused text is shown only as escaped text.
    expect(html).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
  });

  it('the result table: one row per task with score, Full, M/E/V, replay status and coverage, as the rows derive them', () => {
    const ts = ['reference', 'plausible', 'empty'].map((id) => played.get(id)!);
    const rows = ts.map(deriveReproductionRow);
    const html = renderToStaticMarkup(<ReproductionResultTables suite={suite} rows={rows} transcripts={ts} />);
    expect(count(html, 'data-testid="result-row"')).toBe(3);
    expect(count(html, 'data-pass="true"')).toBe(1);
    expect([...html.matchAll(/data-testid="result-replay">([a-z-]+)</g)].map((m) => m[1])).toEqual(rows.map((r) => r.replay_status));
    expect([...html.matchAll(/data-testid="result-score">([0-9.]+)</g)].map((m) => m[1])).toEqual(rows.map((r) => r.score.toFixed(3)));
    // M, E, V and coverage of each row, in that order, as the row holds them.
    const stageCells = [...html.matchAll(/data-testid="result-row"[^>]*>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<td class="num">([0-9.]+)<\/td>/g)].map((c) => c[1]));
    expect(stageCells).toEqual(rows.map((r) => [r.stages.modeling, r.stages.execution, r.stages.validation, r.coverage].map((x) => x!.toFixed(3))));
    expect(html).toContain('title="the package has no entry point reproduce.js" data-testid="result-replay">invalid<');
    expect(count(html, 'data-testid="open-transcript"')).toBe(3);
  });
});
