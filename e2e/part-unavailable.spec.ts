import { expect, test } from './fixtures.js';

// A chunk that cannot load: offline before the page was kept, or a deploy that replaced the chunks
// the open page asks for. Routes see every request only without the service worker.
test.use({ serviceWorkers: 'block' });

test('a tab whose code cannot load says so and offers a reload; the tester keeps working', async ({ app }) => {
  await app.page.route(/\/assets\/BulkPanel-[\w-]+\.js$/, (route) => route.abort());
  await app.open();
  await app.page.getByTestId('tab-bulk').click();
  const part = app.page.getByTestId('part-unavailable');
  await expect(part).toContainText('This part of the page could not load');
  await expect(part.getByRole('button', { name: 'Reload' })).toBeVisible();
  await app.page.getByTestId('tab-test').click();
  await app.setCase('User-agent: *\nDisallow: /kept', 'https://a.test/kept', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
});

test('the fetching code cannot load: the notice says the file was not read and the draft stays', async ({ app }) => {
  await app.page.route(/\/assets\/remote-[\w-]+\.js$/, (route) => route.abort());
  await app.open();
  await app.paste('User-agent: *\nDisallow: /my-draft');
  await app.page.getByTestId('fetch-url').fill('https://example.test/robots.txt');
  await app.page.getByTestId('fetch-url').press('Enter');
  const notice = app.page.getByTestId('notice');
  await expect(notice).toContainText('The code that fetches a live file could not load');
  await expect(notice).not.toContainText('Two ways');
  await expect(app.line(2)).toHaveText('Disallow: /my-draft');
});

test('a blocked fetch whose help cannot load ends on a whole sentence and a reload, not on a colon', async ({ app }) => {
  await app.page.route(/\/assets\/FetchHelp-[\w-]+\.js$/, (route) => route.abort());
  await app.open();
  // Port 9 (discard) refuses the connection: the page cannot read the file.
  await app.page.getByTestId('fetch-url').fill('http://127.0.0.1:9/robots.txt');
  await app.page.getByTestId('fetch-url').press('Enter');
  const notice = app.page.getByTestId('notice');
  await expect(notice).toContainText('or it could not be reached.');
  await expect(notice.getByTestId('part-unavailable')).toContainText('Reload the page to get it');
  await expect(notice).not.toContainText('Two ways');
});

test('the list reader’s code cannot load: importing a list and exporting the results say so, and the list stays', async ({ app }) => {
  await app.page.route(/\/assets\/bulk-csv-[\w-]+\.js$/, (route) => route.abort());
  await app.open();
  await app.paste('User-agent: *\nDisallow: /private');
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill('https://a.test/private/1');
  await expect(app.page.getByTestId('bulk-summary')).toContainText('1 URL');
  await app.page.getByTestId('bulk-import').setInputFiles({ name: 'urls.txt', mimeType: 'text/plain', buffer: Buffer.from('https://a.test/x\nhttps://a.test/y') });
  const notice = app.page.getByTestId('notice');
  await expect(notice).toContainText('This part of the page could not load');
  await expect(app.page.getByTestId('bulk-urls')).toHaveValue('https://a.test/private/1');
  await notice.getByRole('button', { name: 'Dismiss' }).press('Enter');
  await expect(notice).toHaveCount(0);
  await app.page.getByTestId('export-csv').press('Enter');
  await expect(notice).toContainText('This part of the page could not load');
  await expect(app.page.getByTestId('bulk-summary')).toContainText('1 URL');
});
