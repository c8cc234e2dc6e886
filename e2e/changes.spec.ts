// "Changed in this preview" (/changes): the content this build's branch changed against its base, from git.
// What it lists depends on the branch the site was built from; the unit test of src/content-check/changes.ts
// covers the list itself.
import { expect, test } from './fixtures';

test('/changes says what this build changed against its base, each entry linked to its page', async ({ userPage: page }) => {
  await page.goto('/changes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changed in this preview');
  await expect(page.getByTestId('changes-summary')).toHaveText(
    /^(No content changed against \S+\.|\d+ files? and \d+ (entry|entries) changed against \S+, as this site was built\.)$/,
  );
  const links = page.getByTestId('changed-files').getByRole('link');
  if ((await links.count()) > 0) {
    const href = await links.first().getAttribute('href');
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${href!.split(/[?#]/)[0]!.replace(/\//g, '\\/')}`));
  }
});
