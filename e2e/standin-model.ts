import { expect, type Page } from '@playwright/test';

/**
 * Points the page's "Your model" at an OpenAI-compatible stand-in (test/llm-standin) through the
 * Settings form, as a user would, and waits for "Saved on this device". Navigate afterwards by hash
 * (page.goto('./#/…')), not by reload, where the test relies on the key held in memory.
 */
export async function configureStandinModel(page: Page, o: { baseUrl: string; key: string; model: string }): Promise<void> {
  await page.goto('./#/settings');
  await page.getByTestId('preset-select').selectOption('openai');
  await page.getByTestId('base-url-input').fill(o.baseUrl);
  await page.getByTestId('api-key-input').fill(o.key);
  await page.getByTestId('model-input').fill(o.model);
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device');
}
