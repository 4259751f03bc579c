// three's DRACOLoader names default decoder files with `new URL('../libs/draco/…', import.meta.url)`,
// which makes Vite emit a second, hashed copy of every decoder (about 1.3 MB) into dist/assets
// although the page only ever uses the self-hosted copy in public/libs/draco/. This plugin points
// those defaults at /libs/draco/ instead, so the build carries one decoder. Add it to vite.config:
//   import { selfHostedDraco } from './scripts/vite-plugin-self-hosted-draco.mjs';
//   plugins: [react(), selfHostedDraco()]
const DEFAULT_URL =
  /new URL\(\s*'\.\.\/libs\/draco\/([\w./]+)',\s*import\.meta\.url\s*\)\.toString\(\)/g;

export function rewriteDracoUrls(code) {
  return code.replace(DEFAULT_URL, (_match, file) => JSON.stringify(`/libs/draco/${file}`));
}

export function selfHostedDraco() {
  return {
    name: 'self-hosted-draco',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('three/examples/jsm/loaders/DRACOLoader.js'))
        return null;
      return { code: rewriteDracoUrls(code), map: null };
    },
  };
}
