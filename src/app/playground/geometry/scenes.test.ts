import { describe, expect, it } from 'vitest';
import { firstPreset, PRESETS } from '../presets.ts';
import { channelWindow } from './channel-scene.ts';
import { halfExtents } from './dda-scene.ts';
import { problemScene } from './problem-scene.ts';
import type { GeometryScene, Shape } from './scene.ts';

function sceneOf(problem: unknown): GeometryScene {
  const preview = problemScene(problem);
  if (preview === null || !('scene' in preview)) throw new Error(`no scene: ${JSON.stringify(preview)}`);
  return preview.scene;
}

const rects = (s: GeometryScene) => s.shapes.filter((x): x is Extract<Shape, { type: 'rect' }> => x.type === 'rect');
const ellipses = (s: GeometryScene) => s.shapes.filter((x): x is Extract<Shape, { type: 'ellipse' }> => x.type === 'ellipse');

describe('grating preview', () => {
  it('draws one period: the lamellar preset has its n = 1.5 ridge from 250 to 750 nm, 400 nm deep', () => {
    const scene = sceneOf(firstPreset('grating'));
    const ridge = rects(scene).find((r) => r.x === 250);
    expect(ridge).toMatchObject({ x: 250, width: 500, y: -400, height: 400 });
    expect(scene.legend[ridge?.material ?? -1]?.label).toBe('n = 1.5');
    expect(scene.aspect).toBe('equal');
    // Normal incidence: the arrow comes straight down onto the top of the stack.
    expect(scene.arrows[0]?.from[0]).toBeCloseTo(500, 9);
    expect(scene.arrows[0]?.to).toEqual([500, 0]);
    expect(scene.outOfPlane[0]?.label).toBe('E (TE)');
  });

  it('tilts the incidence arrow with angle_deg and follows an edited ridge', () => {
    const problem = structuredClone(firstPreset('grating')) as { angle_deg?: number; layers: { ridges: { from: number; to: number }[] }[] };
    problem.angle_deg = 30;
    const ridge = problem.layers[0]?.ridges[0];
    if (ridge) ridge.to = 0.5;
    const scene = sceneOf(problem);
    const arrow = scene.arrows[0];
    const dx = (arrow?.to[0] ?? 0) - (arrow?.from[0] ?? 0);
    const dy = (arrow?.to[1] ?? 0) - (arrow?.from[1] ?? 0);
    // tan 30° = 0.57735: the arrow leans by the angle of incidence.
    expect(dx / -dy).toBeCloseTo(Math.tan(Math.PI / 6), 9);
    expect(rects(scene).find((r) => r.x === 250)?.width).toBe(250);
  });
});

describe('2-D grating preview', () => {
  it('draws the first preset’s unit cell from above: a 500 × 1000 nm n = 1.5 bar in a 1000 nm square cell', () => {
    const scene = sceneOf(firstPreset('grating_2d'));
    const own = rects(scene).filter((r) => !r.faded && !r.dashed);
    expect(own).toContainEqual(expect.objectContaining({ x: -250, y: -500, width: 500, height: 1000 }));
    expect(rects(scene).find((r) => r.dashed)).toMatchObject({ x: -500, y: -500, width: 1000, height: 1000 });
    expect(scene.outOfPlane[0]?.label).toBe('k (normal incidence)');
  });

  it('draws the in-plane direction of an oblique wave along its azimuth', () => {
    const problem = { ...(structuredClone(firstPreset('grating_2d')) as object), angle_deg: 20, azimuth_deg: 90 };
    const arrow = sceneOf(problem).arrows[0];
    expect(arrow?.to[0]).toBeCloseTo(0, 9);
    expect(arrow?.to[1]).toBeGreaterThan(0);
  });
});

describe('bands preview', () => {
  it('draws the r = 0.2a rod in the central cell and two rings of neighbours, with a₁ and a₂', () => {
    const scene = sceneOf(firstPreset('bands'));
    const rods = ellipses(scene);
    expect(rods).toHaveLength(25);
    const own = rods.filter((r) => !r.faded);
    expect(own).toEqual([expect.objectContaining({ cx: 0, cy: 0, rx: 0.2, ry: 0.2 })]);
    expect(scene.arrows.map((a) => a.label)).toEqual(['a₁', 'a₂']);
    expect(scene.legend.map((l) => l.label)).toEqual(['ε = 1', 'ε = 12']);
    // Both lattice vectors stay in view.
    for (const a of scene.arrows) {
      expect(a.to[0]).toBeLessThanOrEqual(scene.bounds.x[1]);
      expect(a.to[1]).toBeLessThanOrEqual(scene.bounds.y[1]);
    }
  });

  it('uses the triangular lattice vectors (a₂ = (½, √3/2)) and follows the radius field', () => {
    const problem = structuredClone(PRESETS.bands.find((p) => p.id === 'triangular-holes')?.problem) as { shapes: { radius_a: number }[] };
    const shape = problem.shapes[0];
    if (shape) shape.radius_a = 0.3;
    const scene = sceneOf(problem);
    expect(scene.arrows[1]?.to[0]).toBeCloseTo(0.5, 12);
    expect(scene.arrows[1]?.to[1]).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(ellipses(scene).every((e) => e.rx === 0.3)).toBe(true);
  });
});

describe('channel preview', () => {
  it('draws the 500 × 220 nm strip on the substrate inside the solver’s 1700 × 1200 nm window', () => {
    const strip = PRESETS.mode.find((p) => p.id === 'si-strip')?.problem;
    const scene = sceneOf(strip);
    expect(rects(scene)).toContainEqual(expect.objectContaining({ x: -250, y: 0, width: 500, height: 220 }));
    const window = rects(scene).find((r) => r.dashed);
    // The solver centres the core vertically: y from 110 − 600 to 110 + 600 nm.
    expect(window).toMatchObject({ x: -850, y: -490, width: 1700, height: 1200 });
  });

  it('uses the solver’s default window (core plus 1 µm on each side) and draws a slot’s two rails', () => {
    const win = channelWindow({ type: 'channel', shape: 'slot', core: { material: 'Si', width_nm: 250, height_nm: 220 }, gap_nm: 100, cladding: 'SiO2', substrate: 'SiO2', grid_nm: 20, max_modes: 2, group_index: false });
    expect(win.x).toEqual([-1300, 1300]);
    expect(win.y).toEqual([-1000, 1220]);
    const scene = sceneOf({ kind: 'mode', polarization: 'TE', wavelength_nm: 1550, structure: { type: 'channel', shape: 'slot', core: { material: { n: 3.48, k: 0 }, width_nm: 250, height_nm: 220 }, gap_nm: 100, cladding: { n: 1.44, k: 0 }, substrate: { n: 1.44, k: 0 } } });
    const rails = rects(scene).filter((r) => r.height === 220);
    expect(rails.map((r) => [r.x, r.width])).toEqual([
      [-300, 250],
      [50, 250],
    ]);
  });

  it('draws a slab as its three layers', () => {
    const scene = sceneOf(firstPreset('mode'));
    expect(rects(scene)).toHaveLength(3);
    expect(scene.legend.map((l) => l.label)).toContain('Si (Li 1993, 293 K)');
  });
});

describe('dda preview', () => {
  it('projects a rod on x–y (a circle) and x–z (a rectangle along z)', () => {
    expect(halfExtents({ shape: 'rod', radius_nm: 20, length_nm: 100 })).toEqual([20, 20, 50]);
    const scene = sceneOf({ kind: 'dda', particle: { shape: 'rod', radius_nm: 20, length_nm: 100 }, material: 'Au', wavelength_nm: 700 });
    expect(ellipses(scene)).toHaveLength(1);
    expect(rects(scene)).toEqual([expect.objectContaining({ width: 40, height: 100 })]);
  });

  it('shows k along +z as ⊙ on x–y and as an arrow on x–z; E along x as arrows on both', () => {
    const scene = sceneOf(firstPreset('dda'));
    expect(scene.outOfPlane).toEqual([expect.objectContaining({ label: 'k', towards: true })]);
    expect(scene.arrows.map((a) => a.label).sort()).toEqual(['E', 'E', 'k']);
    const k = scene.arrows.find((a) => a.label === 'k');
    expect((k?.to[1] ?? 0) - (k?.from[1] ?? 0)).toBeGreaterThan(0);
  });

  it('marks +y as pointing into the x–z drawing (right-handed axes)', () => {
    const scene = sceneOf({ kind: 'dda', particle: { shape: 'sphere', radius_nm: 50 }, material: { n: 1.5, k: 0 }, wavelength_nm: 500, propagation: 'y', polarization: 'x' });
    expect(scene.outOfPlane).toEqual([expect.objectContaining({ label: 'k', towards: false })]);
  });

  it('places the two dimer spheres on the x axis, the gap between them', () => {
    const scene = sceneOf(PRESETS.dda.find((p) => p.id === 'polystyrene-dimer')?.problem);
    const left = ellipses(scene).slice(0, 2);
    // r = 100 nm, gap 40 nm: centres at ±120 nm.
    expect(left.map((e) => e.cx)).toEqual([-120, 120]);
  });
});

describe('eme preview', () => {
  it('lays the MMI preset’s three sections end to end (2 + 24.5 + 2 µm) in the 10 µm window', () => {
    const scene = sceneOf(firstPreset('eme'));
    const cores = rects(scene).filter((r) => r.height < 10);
    expect(cores.map((c) => [c.x, c.width, c.height])).toEqual([
      [0, 2, 1.2],
      [2, 24.5, 4],
      [26.5, 2, 1.2],
    ]);
    expect(scene.labels.map((l) => l.text)).toEqual(['1', '2 (swept)', '3']);
    // 28.5 µm by 10 µm is within 4:1, so it is drawn to scale.
    expect(scene.aspect).toBe('equal');
  });

  it('scales z and x separately for a device far longer than its window', () => {
    const scene = sceneOf({ kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 4, wavelength_nm: 1550, sections: [{ length_um: 100, cores: [{ center_um: 0, width_um: 1, material: { n: 2, k: 0 } }] }] });
    expect(scene.aspect).toBe('fit');
    expect(scene.notes).toContain('z and x drawn at different scales');
  });

  it('draws a taper as a trapezoid from its start to its end widths', () => {
    const scene = sceneOf({ kind: 'eme', cladding: { n: 1.45, k: 0 }, window_um: 6, wavelength_nm: 1550, sections: [{ length_um: 10, cores: [{ center_um: 0, width_um: 1, material: { n: 2, k: 0 } }], taper_to: [{ center_um: 0, width_um: 3 }] }] });
    const taper = scene.shapes.find((s) => s.type === 'polygon');
    expect(taper?.type === 'polygon' ? taper.points : []).toEqual([
      [0, -0.5],
      [10, -1.5],
      [10, 1.5],
      [0, 0.5],
    ]);
  });
});

describe('problemScene', () => {
  it('names the first issue of a half-edited problem instead of drawing it', () => {
    const problem = structuredClone(firstPreset('bands')) as { shapes: { radius_a: number }[] };
    const shape = problem.shapes[0];
    if (shape) shape.radius_a = -1;
    const preview = problemScene(problem);
    expect(preview && 'invalid' in preview ? preview.invalid : '').toContain('shapes.0.radius_a');
  });

  it('has no preview for kinds without a layout (Mie spheres)', () => {
    expect(problemScene(firstPreset('scattering'))).toBeNull();
  });
});
