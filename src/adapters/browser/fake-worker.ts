/**
 * Test helper: a stand-in Worker for Node. A MessageChannel whose far port runs a real worker API
 * through comlink (the wiring of workers/*.worker.ts), plus what a real Worker adds — terminate() and
 * 'error' events — so the page's worker clients can be crash-tested without a browser. Call
 * closeFakeWorkers() after each test.
 */
import { expose } from 'comlink';

export interface FakeWorker {
  worker: Worker;
  crash(message?: string): void;
  terminated(): boolean;
}

const channels: MessageChannel[] = [];

export function closeFakeWorkers(): void {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
}

export function fakeWorker(api: object): FakeWorker {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(api, channel.port2);
  const events = new EventTarget();
  let terminated = false;
  const port = channel.port1;
  const worker = {
    postMessage: (msg: unknown, transfer?: Transferable[]) => port.postMessage(msg, transfer ?? []),
    addEventListener: (type: string, listener: EventListener) => {
      if (type === 'message' || type === 'messageerror') port.addEventListener(type, listener);
      else events.addEventListener(type, listener);
    },
    removeEventListener: (type: string, listener: EventListener) => {
      port.removeEventListener(type, listener);
      events.removeEventListener(type, listener);
    },
    start: () => port.start(),
    terminate: () => {
      terminated = true;
      port.close();
    },
  };
  return {
    worker: worker as unknown as Worker,
    crash: (message = '') => events.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message })),
    terminated: () => terminated,
  };
}
