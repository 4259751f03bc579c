// Each benchmark owns one marked block of docs/benchmarks.md and leaves the others alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const doc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/benchmarks.md');

export function replaceBlock(name, body) {
  let text;
  try {
    text = readFileSync(doc, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const marked = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  const block = `<!-- ${name}:start -->\n${body}\n<!-- ${name}:end -->`;
  text = marked.test(text) ? text.replace(marked, block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(doc, text);
  console.log(`wrote the ${name} block of docs/benchmarks.md`);
}
