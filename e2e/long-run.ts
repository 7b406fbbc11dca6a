import { expect, type Page } from '@playwright/test';

/**
 * Starts a run of `agentId` over the whole suite (763 tasks) from the Run page. cmaes-40 takes tens of
 * seconds here, long enough for a test to act while the run is still going.
 */
export async function startWholeSuiteRun(page: Page, agentId = 'cmaes-40'): Promise<void> {
  await page.goto('./#/suite/veh/run');
  await expect(page.getByTestId('selection-count')).toHaveText('763');
  await page.getByTestId('agent-select').selectOption(agentId);
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('run-button').click();
}
