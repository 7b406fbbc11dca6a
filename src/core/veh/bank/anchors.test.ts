import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anchorGroup, parseAnchors, sourceKey, splitUnits } from './anchors.ts';

const raw = JSON.parse(readFileSync(new URL('../../../../data/veh/veh-anchors.json', import.meta.url), 'utf8')) as unknown[];

describe('parseAnchors', () => {
  it('reads all 40 anchors of the supplied dataset', () => {
    const anchors = parseAnchors(raw);
    expect(anchors).toHaveLength(40);
    expect(anchors.every((a) => a.flags.length > 0)).toBe(true);
  });

  it('names the anchor index and field of a malformed record, and rejects duplicate ids', () => {
    const broken = structuredClone(raw) as { design: { beam_length_mm: unknown } }[];
    (broken[3] as { design: { beam_length_mm: unknown } }).design.beam_length_mm = 'long';
    expect(() => parseAnchors(broken)).toThrow(/anchors\[3\.design\.beam_length_mm\]/);
    expect(() => parseAnchors([raw[0], raw[0]])).toThrow(/duplicate anchor id/);
  });
});

describe('groups and split units', () => {
  const anchors = parseAnchors(raw);
  const units = splitUnits(anchors);

  it('keeps the dataset groups and adds lineage groups for devices and parameter sets', () => {
    const group = (prefix: string): string => anchorGroup(anchors.find((a) => a.id.startsWith(prefix)) as (typeof anchors)[number]);
    expect(group('mide-volture-v22bl-tm1g')).toBe('mide-volture-v22bl');
    expect(group('dutoit-type-T226-A4-503')).toBe(group('erturk-inman-2009-'));
    expect(group('zhou-fu-ji-2020-')).toBe(group('erturk-inman-2008-'));
    expect(group('te-meas-ldt1-')).toBe(group('hindawi-sv-2018-'));
  });

  it('joins groups that share a source document into one unit (the six Midé families share one datasheet)', () => {
    const mide = [...new Set(anchors.filter((a) => a.id.startsWith('mide-')).map(anchorGroup))];
    expect(mide).toHaveLength(6);
    expect(new Set(mide.map((g) => units.get(g))).size).toBe(1);
    expect(new Set(anchors.filter((a) => a.id.startsWith('mide-')).map(sourceKey)).size).toBe(1);
    expect(units.get('erturk-t226-a4-503')).not.toBe(units.get('mide-volture-v20w'));
  });
});
