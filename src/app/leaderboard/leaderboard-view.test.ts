import { vehSuite } from '../../core/veh/suite.ts';
import { describe, expect, it } from 'vitest';
import { viewFromQuery, withParams } from './leaderboard-view.ts';

describe('leaderboard view from the URL', () => {
  it('defaults to the suite view, and to the headline of a probe', () => {
    expect(viewFromQuery(vehSuite, new URLSearchParams(''))).toEqual({ kind: 'suite' });
    expect(viewFromQuery(vehSuite, new URLSearchParams('view=P9'))).toEqual({ kind: 'suite' });
    expect(viewFromQuery(vehSuite, new URLSearchParams('view=P4'))).toEqual({ kind: 'probe', probe: 'P4', metric: 'kendall_tau' });
    expect(viewFromQuery(vehSuite, new URLSearchParams('view=P2&metric=utility_loss'))).toEqual({ kind: 'probe', probe: 'P2', metric: 'utility_loss' });
  });

  it('ignores a metric that is not a metric key', () => {
    expect(viewFromQuery(vehSuite, new URLSearchParams('view=P1&metric=%3Cscript%3E'))).toMatchObject({ metric: 'p1_composite' });
  });

  it('sets and clears parameters without touching the others', () => {
    const q = withParams(new URLSearchParams('view=P1&model=gpt'), { model: '', metric: 'acs' });
    expect(q.toString()).toBe('view=P1&metric=acs');
  });
});
