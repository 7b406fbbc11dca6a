import { describe, expect, it } from 'vitest';
import { wilsonInterval, Z_95 } from './wilson.ts';

describe('wilsonInterval', () => {
  it('8/10 gives [0.4902, 0.9433] (standard Wilson tables)', () => {
    const ci = wilsonInterval(8, 10);
    expect(ci?.low).toBeCloseTo(0.4902, 4);
    expect(ci?.high).toBeCloseTo(0.9433, 4);
  });

  it("reproduces the paper's P3-Success interval: 47.4% of 156 tasks → [39.8, 55.2]% (Table 12)", () => {
    // 74/156 = 47.44%, the only count that rounds to 47.4% at n = 156.
    const ci = wilsonInterval(74, 156);
    expect(ci?.low).toBeCloseTo(0.398, 3);
    expect(ci?.high).toBeCloseTo(0.552, 3);
  });

  it('0/n keeps a lower bound of exactly 0 and an upper bound of z²/(n+z²)', () => {
    // With p̂ = 0: centre = half-width = (z²/2n)/(1+z²/n), so high = z²/(n + z²).
    const ci = wilsonInterval(0, 20);
    expect(ci?.low).toBe(0);
    expect(ci?.high).toBeCloseTo((Z_95 * Z_95) / (20 + Z_95 * Z_95), 12);
  });

  it('n/n mirrors 0/n', () => {
    const ci = wilsonInterval(20, 20);
    expect(ci?.high).toBe(1);
    expect(ci?.low).toBeCloseTo(20 / (20 + Z_95 * Z_95), 12);
  });

  it('is null without trials and rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});
