import { createServer, type Server } from 'node:net';
import { expect, test } from '@playwright/test';
import { DIST_PORT, freePortSync, STANDIN_PORT } from './e2e-ports.ts';

/** The e2e servers take free ports at config load, so a leftover server from a killed run cannot block `npm test`. */

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

test('the page and the LLM stand-in are served on the ports chosen at config load (workers agree with the runner)', async ({ baseURL }) => {
  expect(new URL(baseURL ?? '').port).toBe(String(DIST_PORT));
  expect(DIST_PORT).not.toBe(STANDIN_PORT);
  expect((await fetch(baseURL ?? '')).status).toBe(200);
  // 401 without the key: the stand-in is the one listening there.
  expect((await fetch(`http://127.0.0.1:${STANDIN_PORT}/openai/v1/models`)).status).toBe(401);
});

test('freePortSync returns a port that can be bound, never one already in use', async () => {
  // An "orphaned server" on a port of our own: the helper must step around it.
  const orphan = await listen(0);
  const taken = (orphan.address() as { port: number }).port;
  try {
    for (let i = 0; i < 5; i++) {
      const port = freePortSync();
      expect(port).not.toBe(taken);
      await close(await listen(port));
    }
  } finally {
    await close(orphan);
  }
});
