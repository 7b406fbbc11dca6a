/**
 * An incremental parser for server-sent events (the WHATWG "event stream" format) as all three
 * providers stream them. Network chunks split lines, CRLF pairs and multi-byte characters
 * anywhere, so the parser keeps the unfinished tail between pushes and only dispatches an event at
 * its blank line. Decoding bytes to text is the caller's job (a TextDecoder in stream mode).
 *
 * Rules implemented (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * lines end in LF, CRLF or a lone CR; a line starting with ':' is a comment; `field: value` drops
 * one space after the colon; several `data` lines join with '\n'; an event with no data is not
 * dispatched; a BOM at the very start is ignored; an unterminated event at end of stream is dropped.
 */

export interface SseEvent {
  /** The `event:` field, or 'message' when absent (as a browser's EventSource reports it). */
  readonly event: string;
  readonly data: string;
  readonly id: string | null;
}

export class SseParser {
  private buffer = '';
  private started = false;
  /** A CR ended the previous chunk: a LF at the start of the next chunk belongs to it. */
  private pendingCr = false;
  private dataLines: string[] = [];
  private eventName = '';
  private lastId: string | null = null;
  private sawData = false;

  /** Feeds decoded text; returns the events completed by it, in order. */
  push(text: string): SseEvent[] {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;
    const events: SseEvent[] = [];
    let lineStart = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = this.buffer.slice(lineStart, i);
      if (ch === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      lineStart = i + 1;
      const event = this.processLine(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(lineStart);
    return events;
  }

  /**
   * The stream ended. Per the spec an event not closed by a blank line is discarded, so a cut
   * stream never yields a half event; returns whether such an unfinished event was pending (a
   * sign of truncation the caller may report).
   */
  end(): { unterminated: boolean } {
    const unterminated = this.buffer.length > 0 || this.sawData || this.eventName !== '';
    this.buffer = '';
    this.resetEvent();
    return { unterminated };
  }

  private processLine(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        this.sawData = true;
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        // `retry` and unknown fields carry nothing a one-shot HTTP stream needs.
        break;
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    if (!this.sawData) {
      this.resetEvent();
      return null;
    }
    const event: SseEvent = { event: this.eventName === '' ? 'message' : this.eventName, data: this.dataLines.join('\n'), id: this.lastId };
    this.resetEvent();
    return event;
  }

  private resetEvent(): void {
    this.dataLines = [];
    this.eventName = '';
    this.sawData = false;
  }
}
