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

  it('keeps the filter query and round-trips through routeHref', () => {
    const route = parseRoute('#/suite/veh?probe=P1&split=dev');
    expect(route.name === 'suite' && route.query.get('probe')).toBe('P1');
    expect(routeHref(route)).toBe('#/suite/veh?probe=P1&split=dev');
  });

  it('encodes task ids that are not URL-safe', () => {
    const href = routeHref({ name: 'task', taskId: 'a/b c', query: new URLSearchParams() });
    expect(href).toBe('#/suite/veh/task/a%2Fb%20c');
    expect(parseRoute(href)).toMatchObject({ name: 'task', taskId: 'a/b c' });
  });
});
