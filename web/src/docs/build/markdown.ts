// One article's Markdown to sanitised HTML, with what the build's checks need of it: headings
// with their anchors, links, images, paragraphs and the word count.
//
// unified with remark and rehype rather than a hand-written parser: CommonMark and GFM tables
// are hard to get right, the trees give the checks every heading and link without parsing HTML
// back, and rehype-sanitize drops whatever an editor's paste could smuggle in (scripts, event
// handlers, javascript: links) before the HTML reaches a page.
import GithubSlugger from 'github-slugger';
import type { Heading, Root as MdRoot } from 'mdast';
import { toString } from 'mdast-util-to-string';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import type { DocHeading } from '../model';

export interface ParsedArticle {
  /** The front matter as written, checked later against its schema; null when there is none. */
  front: unknown;
  frontError?: string;
  html: string;
  headings: DocHeading[];
  /** Headings H1 or deeper than H3, which the outline cannot show. */
  badHeadings: string[];
  links: string[];
  images: string[];
  /** Each paragraph's text, whitespace folded, for the check that no two articles share one. */
  paragraphs: string[];
  words: number;
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
// `## Heading {#anchor}`: the anchor an editor chose, kept the same in both languages so a link
// from the landing page works in either.
const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;

// The default schema prefixes ids with "user-content-" so a page's own ids cannot be clobbered;
// a docs page has none but the article's, and the outline links need the anchors as written.
const schema = { ...defaultSchema, clobberPrefix: '' };

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(rehypeStringify);

/** Words as a reader counts them: runs of letters or digits, in any script. */
export function countWords(text: string): number {
  // A number's separators (120,000; 4.5) stay inside it.
  return text.match(/[\p{L}\p{N}](?:[\p{L}\p{N}'’-]|[.,](?=\p{N}))*/gu)?.length ?? 0;
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Sets each heading's id: the explicit `{#anchor}`, else a GitHub-style slug of its text. */
function anchorHeadings(tree: MdRoot, headings: DocHeading[], bad: string[]): void {
  const slugger = new GithubSlugger();
  visit(tree, 'heading', (node: Heading) => {
    const last = node.children.at(-1);
    let id: string | undefined;
    if (last?.type === 'text') {
      const match = EXPLICIT_ID.exec(last.value);
      if (match) {
        id = match[1];
        last.value = last.value.slice(0, match.index);
      }
    }
    const text = fold(toString(node));
    id ??= slugger.slug(text);
    node.data = { ...node.data, hProperties: { id } };
    if (node.depth === 2 || node.depth === 3) headings.push({ depth: node.depth, id, text });
    else bad.push(`H${node.depth} "${text}"`);
  });
}

// Parsing is pure, and the same text is often parsed again: the checks' tests plant one change
// in the 34 real articles, and a build checks the docs before it renders them.
const parsedBefore = new Map<string, ParsedArticle>();

export function parseArticle(source: string): ParsedArticle {
  let parsed = parsedBefore.get(source);
  if (!parsed) {
    parsed = parse(source);
    parsedBefore.set(source, parsed);
  }
  return parsed;
}

function parse(source: string): ParsedArticle {
  const match = FRONT.exec(source);
  let front: unknown = null;
  let frontError: string | undefined;
  if (match) {
    try {
      front = parseYaml(match[1] ?? '');
    } catch (error) {
      frontError = (error as Error).message.split('\n')[0];
    }
  }
  const body = match ? source.slice(match[0].length) : source;
  const tree = processor.parse(body);
  const headings: DocHeading[] = [];
  const badHeadings: string[] = [];
  anchorHeadings(tree, headings, badHeadings);
  const links: string[] = [];
  const images: string[] = [];
  const paragraphs: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'link') links.push(node.url);
    else if (node.type === 'image') images.push(node.url);
    else if (node.type === 'paragraph') paragraphs.push(fold(toString(node)));
  });
  const html = processor.stringify(processor.runSync(tree)).trim();
  return {
    front,
    ...(frontError !== undefined && { frontError }),
    html,
    headings,
    badHeadings,
    links,
    images,
    paragraphs,
    words: countWords(toString(tree)),
  };
}
