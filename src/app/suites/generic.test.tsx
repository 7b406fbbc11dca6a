// The generic result table (the circuit audit and the photonics agent use it) reads a row's status
// as VEH's tables do: a P2 episode that spends the protocol's query budget ends budget_exceeded,
// which is a normal end and must not read as a raw or red `budget_exceeded` (issue 21).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { circuitRandomAgent } from '../../core/circuit-audit/agents/random-agent.ts';
import { p1Task, p2Task } from '../../core/circuit-audit/protocol/test-fixtures.ts';
import { referenceCircuitOracle } from '../../core/circuit-audit/run/reference-oracle.ts';
import { runCircuitSuite } from '../../core/circuit-audit/run/run-suite.ts';
import { circuitSuite } from '../../core/circuit-audit/suite.ts';
import type { SuiteRow } from '../../core/store/run-store.ts';
import { GenericResultTables } from './generic.tsx';
import { GenericTranscript } from './GenericTranscriptDialog.tsx';
import { rowStatusView } from './row-status.ts';

describe('GenericResultTables status', () => {
  it('a circuit P2 run by the random agent (it never stops early) reads "query budget used", not budget_exceeded, and not in red', async () => {
    let now = 0;
    const run = await runCircuitSuite({ tasks: [p1Task('propose_design'), p2Task()], agent: circuitRandomAgent, oracle: referenceCircuitOracle, clock: () => (now += 1), seed: 5, bankHash: 'test', resamples: 50 });
    const p2 = run.rows.find((r) => r.probe === 'P2');
    // The premise: the protocol itself ended the episode on its query budget.
    expect(p2?.status).toBe('budget_exceeded');
    expect(p2?.budget_stop).toBeUndefined();
    const html = renderToStaticMarkup(<GenericResultTables suite={circuitSuite} rows={run.rows} transcripts={run.transcripts} />);
    const cells = [...html.matchAll(/<td([^>]*)data-testid="result-status">([^<]*)<\/td>/g)].map((m) => ({ attrs: m[1] ?? '', text: m[2] }));
    expect(cells.map((c) => c.text)).toEqual(['completed', 'query budget used']);
    expect(cells.some((c) => c.attrs.includes('class="fail"'))).toBe(false);
    expect(html).not.toContain('>budget_exceeded<');

    // Its transcript (the generic dialog's body) says the same.
    const t = run.transcripts.find((x) => x.task.task_id === p2?.task_id);
    if (!t) throw new Error('no P2 transcript');
    const pane = renderToStaticMarkup(<GenericTranscript suite={circuitSuite} transcript={t} />);
    expect(pane).toMatch(/<dd data-testid="transcript-status" title="[^"]*">query budget used<\/dd>/);
  });

  it('an LLM budget stop, an error, and a tool-use episode stopped by its budget read as problems', () => {
    const row = (over: Record<string, unknown>): SuiteRow => ({ task_id: 't', ...over }) as unknown as SuiteRow;
    expect(rowStatusView(row({ probe: 'P2', budget_stop: 'max_turns' }), 'budget_exceeded')).toMatchObject({ text: 'LLM budget stop (max_turns)', tone: 'bad' });
    expect(rowStatusView(row({ probe: 'P1' }), 'error')).toMatchObject({ text: 'error', tone: 'bad' });
    // The photonics agent's rows carry no probe: there budget_exceeded is only ever the LLM budget.
    expect(rowStatusView(row({}), 'budget_exceeded')).toMatchObject({ text: 'LLM budget stop', tone: 'bad' });
    expect(rowStatusView(row({}), 'completed')).toMatchObject({ text: 'completed', tone: 'ok' });
  });
});
