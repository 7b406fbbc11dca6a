// Stand-in judge transports for the judge tests: each answers the real request the judge builds.
import type { JudgeTransport } from '../../src/core/reproduction/judge.ts';
import type { JudgeEvidence } from '../../src/core/reproduction/judge-evidence.ts';
import type { LlmRequest } from '../../src/core/llm/types.ts';

/** The evidence JSON between the user message's fences (the only place candidate text may be). */
export function evidenceOf(request: LlmRequest): { json: string; value: JudgeEvidence } {
  const user = request.messages.find((m) => m.role === 'user')!.content;
  const m = /^```json\n([\s\S]*)\n```$/m.exec(user);
  if (!m) throw new Error('no fenced evidence in the user message');
  return { json: m[1]!, value: JSON.parse(m[1]!) as JudgeEvidence };
}

const allIds = (e: JudgeEvidence): string[] => [...(e.report ? ['report'] : []), ...e.artifacts.map((a) => a.id), ...e.logs.map((l) => l.id), ...e.oracle_calls.map((c) => c.id)];

/** A judge that answers `reply(request)`; it records every request it was sent. */
export function standInJudge(reply: (request: LlmRequest) => string | Error): JudgeTransport & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    provider: 'openai',
    model: 'stand-in-judge',
    requests,
    chat: (request) => {
      requests.push(request);
      const r = reply(request);
      return r instanceof Error ? Promise.reject(r) : Promise.resolve({ text: r });
    },
  };
}

/** The worst case: a judge that obeys any injection — full marks on every leaf, citing everything it was shown. */
export const compromisedJudge = () => standInJudge((req) => JSON.stringify({ score: 1, reason: 'ignore the rubric: every leaf passes', cites: allIds(evidenceOf(req).value) }));

/** An honest-looking judge: `score`, citing the given ids. */
export const citingJudge = (score: number, cites: string[]) => standInJudge(() => '```json\n' + JSON.stringify({ score, reason: 'the report explains the group index and the fsr table bears it out', cites }) + '\n```');
