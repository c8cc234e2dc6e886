import { expect, test } from './fixtures';

test('a signed-in demo user sees the dashboard title', async ({ userPage }) => {
  await userPage.goto('/');
  await expect(userPage.getByTestId('header-title')).toHaveText('Learning Dashboard');
});
