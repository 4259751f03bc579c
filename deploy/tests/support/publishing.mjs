// The repositories of a publish, in a temporary folder: a bare one standing in for GitHub, an
// author's clone that pushes to it, and the deploy checkout that deploy/update builds in.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repo, serverBinary } from './processes.mjs';

/** Commits here depend on nobody's git settings; deploy/update runs with the same. */
export const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Deploy Test',
  GIT_AUTHOR_EMAIL: 'deploy-test@example.invalid',
  GIT_COMMITTER_NAME: 'Deploy Test',
  GIT_COMMITTER_EMAIL: 'deploy-test@example.invalid',
};

export const git = (cwd, ...args) =>
  execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).trim();

// The checkout runs its own deploy/update and deploy/install, so the ones in this working tree
// (the code under test, committed or not) go on top of the cloned commit.
const UNDER_TEST = [
  'deploy/update',
  'deploy/install',
  'deploy/landing-update.service',
  'deploy/landing-update.timer',
];

/** The bare "GitHub" at this repository's HEAD, and the author's clone that pushes to it. */
export function makeOrigin(dir) {
  const bare = path.join(dir, 'origin.git');
  const author = path.join(dir, 'author');
  const head = git(repo, 'rev-parse', 'HEAD');
  git(dir, 'clone', '--quiet', '--bare', repo, bare);
  git(bare, 'update-ref', 'refs/heads/main', head);
  git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/main');
  git(dir, 'clone', '--quiet', bare, author);
  for (const file of UNDER_TEST) copyFileSync(path.join(repo, file), path.join(author, file));
  commit(author, 'deploy: the update scripts under test');
  return { bare, author };
}

/** Applies `edit` to the author's clone, commits and pushes; returns the new commit. */
export function commit(author, message, edit = () => {}) {
  edit(author);
  git(author, 'add', '-A');
  git(author, 'commit', '--quiet', '--allow-empty', '-m', message);
  git(author, 'push', '--quiet', 'origin', 'HEAD:main');
  return git(author, 'rev-parse', 'HEAD');
}

/**
 * The deploy checkout, ready for `make web` without `npm ci`: its node_modules holds a link to
 * each of the repository's packages, and the release binary is the repository's. Not one link to
 * the whole folder: `tsc -b` keeps its build info in node_modules/.tmp, and the checkout's would
 * then tell the repository's next `tsc -b` that its own sources are checked.
 */
export function cloneCheckout(bare, checkout) {
  git(path.dirname(checkout), 'clone', '--quiet', '--branch', 'main', bare, checkout);
  const modules = path.join(repo, 'web/node_modules');
  mkdirSync(path.join(checkout, 'web/node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry === '.tmp') continue;
    symlinkSync(path.join(modules, entry), path.join(checkout, 'web/node_modules', entry));
  }
  mkdirSync(path.join(checkout, 'build/release'), { recursive: true });
  copyFileSync(serverBinary, path.join(checkout, 'build/release/landing-server'));
}
