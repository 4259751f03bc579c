// Builds the content editor into dist/admin/: Sveltia CMS's own browser bundle, copied as the
// package ships it, and its configuration, generated from the content schema
// (src/content/editor.ts), with no config.yml. The public pages link none of it; the server
// gives /admin/ its own security headers (server/src/site/handler.cpp).
//
// The editor signs in to GitHub and commits to CMS_GITHUB_REPO (owner/name) on
// CMS_GITHUB_BRANCH (default main); without CMS_GITHUB_REPO, the repository this checkout's
// `origin` points at on github.com. On 127.0.0.1 it also offers the local folder (Chromium).
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'dist/admin');

/** owner/name of a GitHub remote URL (https or ssh), or null. */
export function githubRepo(url) {
  const found = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url.trim());
  return found ? found[1] : null;
}

function originRepo() {
  try {
    const url = execFileSync('git', ['remote', 'get-url', 'origin'], {
      cwd: web,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return githubRepo(url);
  } catch {
    return null;
  }
}

export function editorPage(title) {
  // No inline script: the editor's policy allows scripts from the site only.
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title}</title>
    <script src="/admin/manual-init.js"></script>
    <script src="/admin/fonts.js"></script>
    <script src="/admin/sveltia-cms.js"></script>
  </head>
  <body>
    <script src="/admin/config.js"></script>
  </body>
</html>
`;
}

// The editor's own fonts, shipped in the package for bundlers: its browser bundle would fetch
// them from a CDN, which the editor's policy refuses (and the icons would show as words).
const FONTS = [
  ['Source Sans 3', 'source-sans-3-latin-wght-normal-', { weight: '200 900', display: 'swap' }],
  ['Noto Mono', 'noto-mono-latin-400-normal-', { weight: '400', display: 'swap' }],
  [
    'Material Symbols Outlined',
    'material-symbols-outlined-latin-wght-normal-',
    { weight: '400', display: 'block' },
  ],
];

async function copyFonts(packageDir) {
  const assets = path.join(packageDir, 'npm/assets');
  const files = await readdir(assets);
  await mkdir(path.join(out, 'fonts'), { recursive: true });
  const faces = [];
  for (const [family, prefix, descriptors] of FONTS) {
    const file = files.find((name) => name.startsWith(prefix) && name.endsWith('.woff2'));
    if (!file) throw new Error(`@sveltia/cms ships no ${prefix}*.woff2 in npm/assets`);
    await copyFile(path.join(assets, file), path.join(out, 'fonts', file));
    faces.push([family, `/admin/fonts/${file}`, descriptors]);
  }
  return `for (const [family, url, descriptors] of ${JSON.stringify(faces)}) {
  document.fonts.add(new FontFace(family, \`url(\${url})\`, descriptors));
}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { module: editor } = await runnerImport(path.join(web, 'src/content/editor.ts'), {
    configFile: false,
    logLevel: 'silent',
  });
  const repo = process.env.CMS_GITHUB_REPO || originRepo();
  const branch = process.env.CMS_GITHUB_BRANCH || 'main';
  // Sveltia insists on a repository. Without one, the local folder still works, and its sign-in
  // page names the clone's folder ("select the root directory of the “landing” repository");
  // signing in to GitHub then fails until CMS_GITHUB_REPO is set, as the line below says.
  const clone = path.basename(path.resolve(web, '..'));
  const config = editor.editorConfig({ name: 'github', repo: repo ?? `local/${clone}`, branch });
  // The package exports only its npm entry (npm/index.js); the browser bundle is in dist/.
  const entry = createRequire(import.meta.url).resolve('@sveltia/cms');
  const packageDir = path.join(path.dirname(entry), '..');
  const bundle = path.join(packageDir, 'dist/sveltia-cms.js');

  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await copyFile(bundle, path.join(out, 'sveltia-cms.js'));
  // Read by the bundle as it loads: wait for CMS.init instead of fetching config.yml.
  await writeFile(path.join(out, 'manual-init.js'), 'window.CMS_MANUAL_INIT = true;\n');
  await writeFile(path.join(out, 'fonts.js'), await copyFonts(packageDir));
  await writeFile(
    path.join(out, 'config.js'),
    `CMS.init({ config: ${JSON.stringify(config)} });\n`,
  );
  await writeFile(path.join(out, 'index.html'), editorPage('Mintline — content editor'));
  console.log(
    repo
      ? `admin: the editor commits to ${repo} (${branch})`
      : 'admin: no GitHub repository (set CMS_GITHUB_REPO=owner/name, or clone from github.com): the editor works only on a local folder',
  );
}
