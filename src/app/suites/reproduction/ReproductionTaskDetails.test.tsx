// The task card shows the public task only. The bank task also carries the built-in agents'
// workflows (reference, plausible), and the rubric lives in code; the card must show none of them.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { generateReproductionBank } from '../../../core/reproduction/bank/generate.ts';
import type { RubricNode } from '../../../core/reproduction/rubric.ts';
import { REPRODUCTION_TASKS } from '../../../core/reproduction/tasks/index.ts';
import { ReproductionTaskDetails } from './ReproductionTaskDetails.tsx';

const bank = generateReproductionBank(REPRODUCTION_TASKS);
// React's escaping of text and attribute values, so a source line can be looked for in the markup.
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const nodes = (n: RubricNode): RubricNode[] => [n, ...(n.sub_tasks ?? []).flatMap(nodes)];

describe('ReproductionTaskDetails', () => {
  for (const task of bank.tasks) {
    const def = REPRODUCTION_TASKS.find((d) => d.task.task_id === task.task_id)!;
    const html = renderToStaticMarkup(<ReproductionTaskDetails task={task} />);

    it(`${task.task_id}: claim, DOI link, reported values, spec and starter files`, () => {
      expect(html).toContain(escape(task.claim));
      expect(html).toContain(`href="https://doi.org/${task.citation.doi}"`);
      expect(html.split('<tr>').length - 2).toBe(task.reported.length);
      for (const s of [task.spec.scope, task.spec.interface, ...task.spec.variants, ...task.spec.observables, ...task.spec.evidence]) expect(html).toContain(escape(s));
      for (const f of task.starter) expect(html).toContain(`<pre class="code-block">${escape(f.text)}</pre>`);
      expect(html).toMatchSnapshot();
    });

    it(`${task.task_id}: never the reference or plausible workflow, nor the rubric and its tolerances`, () => {
      const starter = task.starter.map((f) => f.text).join('\n');
      const hidden = [...task.reference, ...task.plausible].flatMap((f) => f.text.split('\n').map((l) => l.trim()));
      const distinctive = hidden.filter((l) => l.length >= 20 && !starter.includes(l));
      expect(distinctive.length).toBeGreaterThan(5);
      for (const line of distinctive) expect(html, line).not.toContain(escape(line));
      for (const f of [...task.reference, ...task.plausible]) if (!task.starter.some((s) => s.path === f.path)) expect(html).not.toContain(f.path);
      for (const n of nodes(def.rubric).slice(1)) {
        expect(html).not.toContain(`>${n.id}<`);
        if (n.requirement) expect(html).not.toContain(escape(n.requirement));
      }
    });
  }
});
