import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from './route.ts';

describe('hash routes', () => {
  it('parses every page', () => {
    expect(parseRoute('').name).toBe('home');
    expect(parseRoute('#/').name).toBe('home');
    expect(parseRoute('#/suite/veh').name).toBe('suite');
    expect(parseRoute('#/suite/veh/run').name).toBe('run');
    expect(parseRoute('#/suite/veh/task/veh-p1-dev-000')).toMatchObject({ name: 'task', taskId: 'veh-p1-dev-000' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'not-found', path: '/nowhere' });
  });

  it('every suite lives under its id; an id that cannot be one is not found', () => {
    expect(parseRoute('#/suite/circuit/run')).toMatchObject({ name: 'run', suiteId: 'circuit' });
    expect(parseRoute('#/suite/circuit/task/c-1')).toMatchObject({ name: 'task', suiteId: 'circuit', taskId: 'c-1' });
    expect(routeHref({ name: 'suite', suiteId: 'circuit', query: new URLSearchParams('probe=P2') })).toBe('#/suite/circuit?probe=P2');
    expect(parseRoute('#/suite/<script>').name).toBe('not-found');
  });

  it('keeps the filter query and round-trips through routeHref', () => {
    const route = parseRoute('#/suite/veh?probe=P1&split=dev');
    expect(route.name === 'suite' && route.query.get('probe')).toBe('P1');
    expect(routeHref(route)).toBe('#/suite/veh?probe=P1&split=dev');
  });

  it('the gallery: its index and one permalink per task', () => {
    expect(parseRoute('#/gallery')).toMatchObject({ name: 'gallery', taskId: null });
    expect(parseRoute('#/gallery/scat-trap-diameter')).toMatchObject({ name: 'gallery', taskId: 'scat-trap-diameter' });
    expect(routeHref({ name: 'gallery', taskId: 'a b', query: new URLSearchParams() })).toBe('#/gallery/a%20b');
    expect(routeHref(parseRoute('#/gallery'))).toBe('#/gallery');
    expect(parseRoute('#/gallery/x/y').name).toBe('not-found');
  });

  it('encodes task ids that are not URL-safe', () => {
    const href = routeHref({ name: 'task', suiteId: 'veh', taskId: 'a/b c', query: new URLSearchParams() });
    expect(href).toBe('#/suite/veh/task/a%2Fb%20c');
    expect(parseRoute(href)).toMatchObject({ name: 'task', taskId: 'a/b c' });
  });
});
