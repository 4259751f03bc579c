// The build's first step: refuses content that breaks the schema (src/content/check.ts), naming
// each bad value as file:json.path: reason, and lists Russian copy left in English once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The checker is TypeScript written for the bundler; Vite's runner loads it as the build would.
const { module: check } = await runnerImport(path.join(web, 'src/content/check.ts'), {
  configFile: false,
  logLevel: 'silent',
});
const { errors, warnings } = await check.checkContentDir(web);
for (const warning of warnings) console.warn(`content: warning: ${warning}`);
if (errors.length > 0) {
  for (const error of errors) console.error(`content: ${error}`);
  console.error(`content: ${errors.length} problem(s); the site was not built`);
  process.exit(1);
}
console.log('content: en.json and ru.json match the schema');

// The docs' articles (src/content/docs), and every landing link into them.
const { module: docs } = await runnerImport(path.join(web, 'src/docs/build/files.ts'), {
  configFile: false,
  logLevel: 'silent',
});
const { site, errors: docsErrors } = await docs.loadDocsDir(web);
if (docsErrors.length > 0) {
  for (const error of docsErrors) console.error(`docs: ${error}`);
  console.error(`docs: ${docsErrors.length} problem(s); the site was not built`);
  process.exit(1);
}
console.log(`docs: ${site.en.length + site.ru.length} pages in en and ru check out`);
