// The registry hands the reproduction route this view (the suite is registered in core/suites.ts),
// and its Run form has no fields of its own.
import { describe, expect, it } from 'vitest';
import { suiteView } from '../registry.ts';
import { reproductionView } from './index.tsx';

describe('reproductionView', () => {
  it('is the registered reproduction suite’s view, with no Run fields', () => {
    expect(suiteView('reproduction')).toBe(reproductionView);
    expect(reproductionView.navLabel).toBe('Reproduction tasks');
    expect(reproductionView.runOptions.Fields).toBeNull();
    expect(reproductionView.runOptions.prepare({ selection: [], settings: {}, filters: {}, bank: [] })).toEqual({ error: 'The selection is empty.' });
    const task = { task_id: 'repro-ring-fsr-group-index' };
    expect(reproductionView.runOptions.prepare({ selection: [task], settings: {}, filters: { q: 'ring' }, bank: [task] })).toEqual({ tasks: [task], filters: { q: 'ring' }, options: {} });
  });
});
