// The project's masking setting, run against both targets like scenario.ts: turned off in
// Settings, the window warns while it is off and the export carries the secret; the warning's
// button turns it back on and the preview is masked again.
import { expect } from '@playwright/test';
import { box, shot, type Target } from './scenario';

export async function projectMasking(t: Target): Promise<void> {
  const { page } = t;
  await box(page, 'config').click(); // config/app.env holds a database password
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const setting = page.getByLabel('Mask secret values (agents, previews, exports)');
  await expect(setting).toBeChecked();
  const banner = page.getByTestId('masking-off');
  await expect(banner).toHaveCount(0);
  await setting.uncheck();
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText(
    'Masking is off for this project: agents, previews and exports get secret values as they are in the files.',
  );

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportMask = page.getByLabel('Mask secrets', { exact: true });
  await expect(exportMask).not.toBeChecked(); // the export starts from the project's setting
  const preview = page.getByTestId('export-preview');
  await expect(preview).toContainText('s3cr3t-Pa55word');
  await expect(banner).toBeVisible(); // persistent: still there with another panel open
  await shot(t, '13-masking-off');

  await banner.getByRole('button', { name: 'Turn masking on' }).click();
  await expect(banner).toHaveCount(0);
  await expect(exportMask).toBeChecked();
  await expect(preview).toContainText('LOUPE_REDACTED[');
  await expect(preview).not.toContainText('s3cr3t-Pa55word');
  await shot(t, '14-masking-on');
  await box(page, 'config').click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
}
