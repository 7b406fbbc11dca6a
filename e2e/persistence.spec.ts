import { expect, test, type Page } from '@playwright/test';
import { startWholeSuiteRun } from './long-run.ts';
import { watchForFailures } from './network-watch.ts';

const TOTAL = 763;

/**
 * What the page's IndexedDB holds for the newest run: its summary, how many rows it has, and how many
 * tasks have a stored transcript (in a transcript batch, or a per-task record from before batches).
 */
async function storedRun(page: Page) {
  return page.evaluate(async () => {
    const request = indexedDB.open('proving-ground');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const tx = db.transaction(['runs', 'task_rows', 'transcripts', 'transcript_batches'], 'readonly');
    const ask = <T,>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('request failed'));
      });
    const runs = (await ask(tx.objectStore('runs').getAll())) as { store_id: string; summary: { status: string; done_count: number; task_count: number; started_at: string } }[];
    const newest = runs.sort((a, b) => b.summary.started_at.localeCompare(a.summary.started_at))[0];
    if (!newest) return null;
    const range = IDBKeyRange.bound([newest.store_id, 0], [newest.store_id, Infinity]);
    const rows = await ask(tx.objectStore('task_rows').count(range));
    const legacy = (await ask(tx.objectStore('transcripts').getAllKeys(range))) as [string, number][];
    const batches = (await ask(tx.objectStore('transcript_batches').getAll(range))) as { task_indices: number[] }[];
    const transcripts = new Set([...legacy.map((k) => k[1]), ...batches.flatMap((b) => b.task_indices)]).size;
    db.close();
    return { runs: runs.length, status: newest.summary.status, done: newest.summary.done_count, total: newest.summary.task_count, rows, transcripts, batches: batches.length };
  });
}

test('a run interrupted by a reload resumes from where it stopped and ends with every task @slow', async ({ page }) => {
  test.setTimeout(420_000);
  const failures = watchForFailures(page);
  // cmaes-40 takes long enough over the whole suite for the reload to land mid-run.
  await startWholeSuiteRun(page);
  const progress = page.getByTestId('run-progress');
  await expect(progress).toHaveAttribute('aria-valuemax', String(TOTAL));
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [100] }).toBeGreaterThan(20);

  await page.reload();
  const banner = page.getByTestId('interrupted-run');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading')).toContainText(`of ${TOTAL} tasks`);
  const committed = Number(await banner.getByTestId('interrupted-done').textContent());
  expect(committed).toBeGreaterThan(20);
  expect(committed).toBeLessThan(TOTAL);
  // Every committed task is whole: a row and a transcript each, and the summary counts exactly those.
  const before = await storedRun(page);
  expect(before).toMatchObject({ runs: 1, status: 'interrupted', done: committed, rows: committed, transcripts: committed, total: TOTAL });

  await expect(page.getByTestId('storage-usage')).toContainText(/Storage used: \d/);

  await banner.getByRole('button', { name: 'Resume' }).click();
  await expect(banner).toBeHidden();
  // The resumed run starts at the committed count, not at zero.
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(committed);
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 360_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', String(TOTAL));
  await expect(page.getByTestId('run-stored')).toBeVisible();
  expect(await storedRun(page)).toMatchObject({ runs: 1, status: 'completed', done: TOTAL, total: TOTAL, rows: TOTAL, transcripts: TOTAL });

  // After another reload the completed run is still stored, and nothing is offered for resuming.
  await page.reload();
  await expect(page.getByTestId('storage-usage')).toContainText(/Storage used: \d/);
  await expect(page.getByTestId('selection-count')).toHaveText(String(TOTAL));
  await expect(page.getByTestId('interrupted-run')).toHaveCount(0);
  expect(await storedRun(page)).toMatchObject({ runs: 1, status: 'completed', done: TOTAL, total: TOTAL, rows: TOTAL, transcripts: TOTAL });

  expect(failures).toEqual([]);
});

test('a completed run is listed after a reload, and discarding an interrupted run asks first', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.goto('./#/suite/veh/run?probe=P1&split=dev');
  await expect(page.getByTestId('selection-count')).toHaveText('80');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed');
  const storedLink = page.getByTestId('run-stored').getByRole('link');
  const storeId = await storedLink.textContent();
  expect(storeId).toMatch(/^veh-reference-s42-/);
  await page.reload();
  expect(await storedRun(page)).toMatchObject({ runs: 1, status: 'completed', done: 80, rows: 80, transcripts: 80 });

  // An interrupted one: start a long run, reload mid-run, then discard it (with confirmation).
  await startWholeSuiteRun(page);
  const progress = page.getByTestId('run-progress');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [100] }).toBeGreaterThan(0);
  await page.reload();
  const banner = page.getByTestId('interrupted-run');
  await banner.getByRole('button', { name: 'Discard…' }).click();
  await banner.getByRole('button', { name: 'Keep' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Discard…' }).click();
  await banner.getByRole('button', { name: 'Delete' }).click();
  await expect(banner).toBeHidden();
  // Only the completed run is left.
  expect(await storedRun(page)).toMatchObject({ runs: 1, status: 'completed', done: 80 });

  expect(failures).toEqual([]);
});

test('a fast run of the whole suite commits many tasks per transaction; reloaded, it shows every task and the last transcript', async ({ page }) => {
  const failures = watchForFailures(page);
  await startWholeSuiteRun(page, 'reference');
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  const detailHref = await page.getByTestId('run-stored').getByRole('link').getAttribute('href');
  expect(detailHref).toMatch(/^#\/runs\//);
  await page.reload();
  const stored = await storedRun(page);
  expect(stored).toMatchObject({ runs: 1, status: 'completed', done: TOTAL, total: TOTAL, rows: TOTAL, transcripts: TOTAL });
  // The reference agent finishes a task in about a millisecond. Each commit waits up to
  // COMMIT_GATHER_MS (use-suite-run.ts) for up to 50 tasks: 16 transactions here on a quiet machine.
  // Committing as soon as the one before ended took 2–4 tasks each (200–250 transactions), each
  // re-reading and rewriting the run record on the page's thread (issue 20). At least 6 a commit
  // on average leaves room for a loaded machine.
  expect(stored?.batches).toBeLessThanOrEqual(Math.floor(TOTAL / 6));
  // The stored run opens after the reload: every task, and the last one's transcript (in the batch the run's end committed).
  await page.goto(`./${detailHref ?? ''}`);
  await expect(page.getByTestId('rd-task-count')).toHaveText(`${TOTAL} tasks`);
  await page.goto(`./${detailHref ?? ''}/task/${TOTAL - 1}`);
  await expect(page.getByTestId('transcript-pane').getByTestId('task-check').first()).toBeVisible();
  await expect(page.getByTestId('transcript-pane-missing')).toHaveCount(0);
  expect(failures).toEqual([]);
});

test('where IndexedDB cannot open (private mode), runs still work, in memory, with a visible warning', async ({ page }) => {
  const failures = watchForFailures(page);
  await page.addInitScript(() => {
    // What a browser that blocks storage does: every open fails.
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  await page.goto('./#/suite/veh/run?probe=P4&split=dev');
  await expect(page.getByTestId('storage-status').getByRole('alert')).toContainText('kept in memory only');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed');
  await expect(page.getByTestId('run-stored')).toBeVisible();
  expect(failures).toEqual([]);
});
