import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gradeTask } from '../../core/veh/run/task-checks.ts';
import { fixtureRun } from '../../core/store/test-run-fixture.ts';
import { deriveRow } from '../../core/veh/protocol/derive-row.ts';
import { sameJson, StoredTranscript } from './TranscriptPane.tsx';

const count = (html: string, needle: string): number => html.split(needle).length - 1;

describe('StoredTranscript on a real reference run (fixture bank, all four probes)', () => {
  it('the calibration agent passes every task’s headline check', async () => {
    const run = await fixtureRun();
    for (const t of run.transcripts) {
      const grade = gradeTask(deriveRow(t));
      expect(grade.passed, t.task.task_id).toBe(true);
      expect(grade.checks.length).toBeGreaterThan(2);
      for (const c of grade.checks) expect(c.reason.length, `${t.task.task_id} ${c.key}`).toBeGreaterThan(0);
    }
  });

  it('renders header, checks, turn timings and events; the trajectory plot only for P2 and P3', async () => {
    const run = await fixtureRun();
    const probes = new Set<string>();
    for (const t of run.transcripts) {
      if (probes.has(t.task.probe)) continue;
      probes.add(t.task.probe);
      const html = renderToStaticMarkup(<StoredTranscript transcript={t} headingId="h" />);
      expect(html).toContain(`data-testid="transcript-task-id">${t.task.task_id}<`);
      expect(html).toContain('data-testid="task-headline">passed<');
      expect(count(html, 'data-testid="task-check"')).toBe(gradeTask(deriveRow(t)).checks.length);
      expect(count(html, 'data-testid="turn-row"')).toBe(t.events.filter((e) => e.type === 'reply').length);
      expect(count(html, 'class="transcript-event ')).toBe(Math.min(t.events.length, 150));
      const plotted = t.task.probe === 'P2' || t.task.probe === 'P3';
      expect(html.includes('data-testid="trajectory-plot"'), t.task.probe).toBe(plotted);
      if (plotted) {
        expect(html).toContain('P (µW)');
        expect(html).toContain('agent step (0 = ');
      }
    }
    expect([...probes].sort()).toEqual(['P1', 'P2', 'P3', 'P4']);
  });
});

describe('stored row against its transcript', () => {
  it('agrees for an untouched row (key order ignored); an edited row is flagged', async () => {
    const run = await fixtureRun();
    const t = run.transcripts.find((x) => x.task.probe === 'P2');
    const row = run.rows.find((r) => r.task_id === t?.task.task_id);
    if (!t || !row) throw new Error('fixture has no P2 task');
    const reordered = Object.fromEntries(Object.entries(row).reverse()) as typeof row;
    expect(sameJson(deriveRow(t), reordered)).toBe(true);
    expect(renderToStaticMarkup(<StoredTranscript transcript={t} storedRow={reordered} />)).not.toContain('transcript-row-mismatch');
    const edited = { ...row, status: 'error' as const };
    expect(sameJson(deriveRow(t), edited)).toBe(false);
    expect(renderToStaticMarkup(<StoredTranscript transcript={t} storedRow={edited} />)).toContain('transcript-row-mismatch');
  });
});
