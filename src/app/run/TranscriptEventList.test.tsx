import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TranscriptEvent } from '../../core/veh/protocol/events.ts';
import { EVENT_PAGE_SIZE, TranscriptEventList } from './TranscriptEventList.tsx';

const reply = (i: number): TranscriptEvent => ({ type: 'reply', t_ms: i, attempt: 0, text: `reply ${i}`, duration_ms: 1 });

describe('TranscriptEventList', () => {
  it('a long LLM episode mounts one page of events, with a way to show the rest', () => {
    const events = Array.from({ length: 2000 }, (_, i) => reply(i));
    const html = renderToStaticMarkup(<TranscriptEventList events={events} />);
    expect(html.split('<li ').length - 1).toBe(EVENT_PAGE_SIZE);
    expect(html).toContain(`Showing ${EVENT_PAGE_SIZE} of 2000 events.`);
    expect(html).toContain('Show all 2000');
    expect(html).not.toContain(`reply ${EVENT_PAGE_SIZE}<`);
  });

  it('a short episode is shown whole, with no pager', () => {
    const html = renderToStaticMarkup(<TranscriptEventList events={[reply(0), reply(1)]} />);
    expect(html.split('<li ').length - 1).toBe(2);
    expect(html).not.toContain('transcript-more');
  });
});
