/**
 * The HTTP attempts of the model request in flight, so a stop that cuts it short still counts them
 * (issue 21: a run whose tasks all hit the episode timeout reported "0 HTTP calls" while the server
 * had answered 30). A reply carries its attempts (reply.llm.calls) and a request that fails for good
 * carries them in its error; but the episode timeout (or a cancel) abandons the session's promise,
 * and with it the attempts the server did receive. The episode loops keep this ledger through the
 * respond hooks and write `cut()` into the budget stop's end event, where usage counts them.
 */
import type { LlmCallRecord } from './call-record.ts';

/** Reported by sendWithRetries as each HTTP attempt starts and ends. */
export interface AttemptHooks {
  onAttemptStart?(attempt: number, url: string): void;
  onAttemptEnd?(record: LlmCallRecord): void;
}

export class AttemptLedger {
  private ended: LlmCallRecord[] = [];
  private open: { attempt: number; url: string; t0: number } | null = null;

  constructor(private readonly now: () => number) {}

  readonly hooks: Required<AttemptHooks> = {
    onAttemptStart: (attempt, url) => {
      this.open = { attempt, url, t0: this.now() };
    },
    onAttemptEnd: (record) => {
      this.ended.push(record);
      this.open = null;
    },
  };

  /** Forgets the attempts: call as a request starts and once it has its reply (the reply holds them). */
  reset(): void {
    this.ended = [];
    this.open = null;
  }

  /**
   * The attempts of the request a stop cut short: the ones that ended (failed, about to be retried)
   * and the one in flight, recorded as aborted with `why` (no status: no answer came). Empty when no
   * request was under way (a turn or cost limit is checked before a request is sent).
   */
  cut(why: string): LlmCallRecord[] {
    const calls = [...this.ended];
    const open = this.open;
    if (open) {
      calls.push({ attempt: open.attempt, url: open.url, status: null, error_kind: 'timeout', error: why, duration_ms: this.now() - open.t0, wait_ms: null, request_body: null, response_body: null });
    }
    this.reset();
    return calls;
  }
}
