import { expect, test } from 'vitest';
import { editorPage, githubRepo } from './build-admin.mjs';

test('reads owner/name from the GitHub remotes git prints, and nothing from others', () => {
  expect(githubRepo('https://github.com/mintline/landing.git\n')).toBe('mintline/landing');
  expect(githubRepo('git@github.com:mintline/landing.git')).toBe('mintline/landing');
  expect(githubRepo('https://github.com/mint-line/site.v2')).toBe('mint-line/site.v2');
  expect(githubRepo('https://gitlab.com/mintline/landing.git')).toBeNull();
  expect(githubRepo('/srv/git/landing.git')).toBeNull();
});

test('the editor page runs no inline script, so its policy needs none', () => {
  const page = editorPage('Editor');
  expect(page).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
  expect(page.match(/<script src="[^"]+"><\/script>/g)).toEqual([
    '<script src="/admin/manual-init.js"></script>',
    '<script src="/admin/fonts.js"></script>',
    '<script src="/admin/sveltia-cms.js"></script>',
    '<script src="/admin/config.js"></script>',
  ]);
  expect(page).toContain('noindex');
});
