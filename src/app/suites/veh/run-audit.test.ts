import { describe, expect, it } from 'vitest';
import { fixtureBank, fixtureP3 } from '../../../core/veh/protocol/test-fixtures.ts';
import { auditedRun, DEFAULT_AUDIT_SETTINGS, emptyAuditReason } from './run-audit.ts';

describe('auditedRun (Run form audit settings)', () => {
  it('default settings keep the selection and record the default control', () => {
    const tasks = fixtureBank();
    const r = auditedRun(tasks, DEFAULT_AUDIT_SETTINGS, { split: 'dev' });
    expect(r.tasks).toEqual(tasks);
    expect(r.filters).toEqual({ split: 'dev' });
    expect(r.controls).toEqual({ control: 'default', subset: null, sgForm: null });
  });

  it('the Appendix D subset keeps P3 tasks only; an SG form keeps medium/hard P2 tasks and drops the control block', () => {
    const tasks = fixtureBank();
    const sub = auditedRun(tasks, { control: 'targeted', subset: 'appendix_d', sgForm: null }, {});
    expect(sub.tasks.length).toBeGreaterThan(0);
    expect(sub.tasks.every((t) => t.probe === 'P3')).toBe(true);
    expect(sub.filters).toEqual({ subset: 'appendix_d' });
    expect(sub.controls.control).toBe('targeted');
    const sg = auditedRun(tasks, { control: 'targeted', subset: null, sgForm: 'A' }, {});
    expect(sg.tasks.length).toBeGreaterThan(0);
    expect(sg.tasks.every((t) => t.probe === 'P2' && t.difficulty !== 'easy')).toBe(true);
    expect(sg.controls).toEqual({ control: 'default', subset: null, sgForm: 'A' });
  });

  it('says why an audited selection is empty', () => {
    expect(auditedRun([fixtureP3(0)], { control: 'default', subset: null, sgForm: 'B' }, {}).tasks).toEqual([]);
    expect(emptyAuditReason({ subset: null, sgForm: 'B' })).toMatch(/P2/);
    expect(emptyAuditReason({ subset: 'appendix_d', sgForm: null })).toMatch(/P3/);
  });
});
