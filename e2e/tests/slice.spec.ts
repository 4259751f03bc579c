import { expect, test } from '../fixtures/test';

test('serves the prerendered English page with its heading', async ({ page, site }) => {
  const response = await page.goto(`${site.url}/en`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
