import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VehTask } from '../task-schema.ts';
import { parseAnchors } from './anchors.ts';
import { loadVehBank } from './load.ts';
import { projectAnchors } from './projection.ts';
import { planSplits } from './splits.ts';

const anchors = parseAnchors(JSON.parse(readFileSync(new URL('../../../../data/veh/veh-anchors.json', import.meta.url), 'utf8')));
const report = projectAnchors(anchors);
const BANK = new URL('../../../../public/banks/veh/', import.meta.url);
let tasks: VehTask[] = [];
beforeAll(async () => {
  ({ tasks } = await loadVehBank((f) => readFile(new URL(f, BANK), 'utf8')));
});

describe('planSplits', () => {
  const plan = planSplits(report.admitted, 42);

  it('holds out whole source units: no group or source document is on both sides', () => {
    const inUnits = new Set(plan.inDomain.map((a) => a.unit));
    expect(plan.heldOut.some((a) => inUnits.has(a.unit))).toBe(false);
    const inGroups = new Set(plan.inDomain.map((a) => a.group));
    expect(plan.heldOut.some((a) => inGroups.has(a.group))).toBe(false);
    expect(plan.inDomain.length + plan.heldOut.length).toBe(report.admitted.length);
    // Every oracle_domain anchor is in-domain; the held-out side is entirely projected.
    expect(plan.heldOut.every((a) => a.kind === 'projected')).toBe(true);
  });

  it('gives P1 20 contexts with 20/19/19 per split and 19/19/18 overlaps', () => {
    const { dev, test_id, test_ood } = plan.p1Contexts;
    expect([dev.length, test_id.length, test_ood.length]).toEqual([20, 19, 19]);
    const ids = (xs: readonly { id: string }[]) => new Set(xs.map((a) => a.id));
    const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x)).length;
    expect([overlap(ids(dev), ids(test_id)), overlap(ids(dev), ids(test_ood)), overlap(ids(test_id), ids(test_ood))]).toEqual([19, 19, 18]);
  });
});

describe('bank splits', () => {
  it('keeps P2–P4 test_ood anchors source-disjoint from dev/test_id', () => {
    const unitOf = new Map(report.admitted.map((a) => [a.id, a.unit]));
    for (const probe of ['P2', 'P3', 'P4'] as const) {
      const mine = tasks.filter((t) => t.probe === probe);
      const inside = new Set(mine.filter((t) => t.split !== 'test_ood').map((t) => t.provenance.anchor_group));
      const outside = new Set(mine.filter((t) => t.split === 'test_ood').map((t) => t.provenance.anchor_group));
      expect([...outside].filter((g) => inside.has(g))).toEqual([]);
      const insideUnits = new Set(mine.filter((t) => t.split !== 'test_ood').map((t) => unitOf.get(t.provenance.anchor_id)));
      expect(mine.filter((t) => t.split === 'test_ood').some((t) => insideUnits.has(unitOf.get(t.provenance.anchor_id)))).toBe(false);
      const dois = (pred: (t: VehTask) => boolean) => new Set(mine.filter(pred).map((t) => t.provenance.anchor_doi).filter((d) => d !== null));
      const ood = dois((t) => t.split === 'test_ood');
      expect([...dois((t) => t.split !== 'test_ood')].filter((d) => ood.has(d))).toEqual([]);
    }
  });

  it('builds P1 over the matched contexts (not source-disjoint)', () => {
    const p1 = tasks.filter((t) => t.probe === 'P1');
    const per = (s: string) => new Set(p1.filter((t) => t.split === s).map((t) => t.provenance.anchor_id)).size;
    expect([per('dev'), per('test_id'), per('test_ood')]).toEqual([20, 19, 19]);
  });
});
