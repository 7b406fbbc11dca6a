// The home page as a newcomer meets it: a card for every suite the build registers (read from the
// registry, so a newly registered suite such as 'reproduction' shows up without editing the page),
// links to the playground, Runs and Settings, and none of the copy that stopped being true.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SUITES } from '../../core/suites.ts';
import { createQueryClient } from '../data/query-client.ts';
import { HomePage } from './HomePage.tsx';

const html = renderToStaticMarkup(
  <QueryClientProvider client={createQueryClient()}>
    <HomePage />
  </QueryClientProvider>,
);
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe('HomePage', () => {
  const suites = SUITES.list();

  it('has one card per registered suite, in registry order, and no other', () => {
    const cards = [...html.matchAll(/data-testid="suite-card-([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(suites.map((s) => s.descriptor.id));
    // The suite registered last (issue 19) is there like the others.
    expect(cards).toContain('reproduction');
  });

  for (const suite of suites) {
    const id = suite.descriptor.id;
    it(`${id}: its title, summary, and links to browse and to run it`, () => {
      expect(html).toContain(escape(suite.descriptor.title));
      expect(html).toContain(escape(suite.descriptor.summary));
      expect(html).toContain(`href="#/suite/${id}"`);
      expect(html).toContain(`href="#/suite/${id}/run"`);
    });
  }

  it('links the playground, Runs and Settings (and the leaderboard and analyses)', () => {
    for (const href of ['#/playground', '#/runs', '#/settings', '#/leaderboard', '#/analyses']) expect(html).toContain(`href="${href}"`);
  });

  it('says nothing that is no longer true: LLM endpoints are here, and a model run does send requests', () => {
    expect(html).not.toContain('LLM endpoints later');
    expect(html).not.toContain('Nothing is sent anywhere');
    expect(html).not.toMatch(/photonics suites/i);
    expect(html).toContain('endpoint you configure');
  });
});
