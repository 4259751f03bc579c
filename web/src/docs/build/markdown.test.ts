import { ARTICLE_OUTLINE } from '../../content/editor';
import { countWords, parseArticle } from './markdown';

test('front matter is read apart from the body, which is rendered without it', () => {
  const parsed = parseArticle('---\ntitle: T\norder: 2\n---\n\nHello **world**.\n');
  expect(parsed.front).toEqual({ title: 'T', order: 2 });
  expect(parsed.html).toBe('<p>Hello <strong>world</strong>.</p>');
});

test('headings keep the anchor written for them, else get one from their text', () => {
  const parsed = parseArticle('## Smart contracts {#smart-contracts}\n\n### Что внутри\n');
  expect(parsed.headings).toEqual([
    { depth: 2, id: 'smart-contracts', text: 'Smart contracts' },
    { depth: 3, id: 'что-внутри', text: 'Что внутри' },
  ]);
  expect(parsed.html).toContain('<h2 id="smart-contracts">Smart contracts</h2>');
});

test("whatever an editor's paste smuggles in is dropped: scripts, handlers, javascript: links", () => {
  const parsed = parseArticle(
    [
      '<script>alert(1)</script>',
      '<img src="/x.png" onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="/en/docs/" onclick="alert(4)">docs</a>',
      '<iframe src="https://example.com"></iframe>',
    ].join('\n\n'),
  );
  expect(parsed.html).not.toMatch(/script|onerror|onclick|javascript:|iframe|alert/);
});

test('tables, lists and emphasis of GitHub-flavoured Markdown render', () => {
  const parsed = parseArticle('| a | b |\n| - | - |\n| 1 | 2 |\n\n- one\n- two\n');
  expect(parsed.html).toContain('<table>');
  expect(parsed.html).toContain('<li>one</li>');
});

test('links, images and paragraphs are collected for the checks', () => {
  const parsed = parseArticle(
    'One [a](/en/docs/) and ![p](/images/p.png).\n\nTwo   lines\nhere.\n',
  );
  expect(parsed.links).toEqual(['/en/docs/']);
  expect(parsed.images).toEqual(['/images/p.png']);
  expect(parsed.paragraphs).toEqual(['One a and p.', 'Two lines here.']);
});

test('words are counted as a reader counts them, in Latin and Cyrillic, ignoring marks', () => {
  expect(countWords('Smart contracts — audited, twice; 120,000 players')).toBe(6);
  expect(countWords('Смарт-контракты — с аудитом до mainnet.')).toBe(5);
  expect(countWords('— , . ! ##')).toBe(0);
});

test("the editor's outline for a new article reads as the spec's four headings, with anchors", () => {
  expect(parseArticle(ARTICLE_OUTLINE).headings).toEqual([
    { depth: 2, id: 'introduction', text: 'Introduction' },
    { depth: 2, id: 'main-part', text: 'Main part' },
    { depth: 2, id: 'talking-about-this', text: 'Talking about this' },
    { depth: 2, id: 'conclusion', text: 'Conclusion' },
  ]);
});

test('an anchor an editor escaped (\\{#id\\}) is read as the anchor', () => {
  expect(parseArticle('## Main part \\{#main-part\\}\n').headings).toEqual([
    { depth: 2, id: 'main-part', text: 'Main part' },
  ]);
});
