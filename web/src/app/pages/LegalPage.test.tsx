// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n';
import { documentText, LIST_MARK, type LegalKind } from '../../legal/document';
import { legalDocument, legalPageCopy, OPERATOR } from '../../legal/documents';
import type { Locale } from '../../lib/constants';
import { LegalPage } from './LegalPage';
import { ru } from '../../test/messages';

const VERSION = 'f'.repeat(64);

function renderPage(kind: LegalKind, locale: Locale) {
  const document = legalDocument(kind, locale);
  render(
    <I18nextProvider i18n={createI18n(locale, { ru })}>
      <LegalPage
        kind={kind}
        locale={locale}
        document={document}
        copy={legalPageCopy(locale)}
        email={OPERATOR.email}
        version={kind === 'consent' ? VERSION : undefined}
      />
    </I18nextProvider>,
  );
  return document;
}

/** The article read back as documentText writes it: a heading or paragraph, or a list. */
function pageText(article: Element): string {
  return [...article.children]
    .map((element) =>
      element.tagName === 'UL'
        ? [...element.children].map((item) => `${LIST_MARK}${item.textContent}`).join('\n')
        : element.textContent,
    )
    .join('\n\n');
}

describe.each([
  ['privacy', 'en'],
  ['privacy', 'ru'],
  ['consent', 'en'],
  ['consent', 'ru'],
] as const)('the %s page (%s)', (kind, locale) => {
  test('shows exactly the words of the document, the text a version is the hash of', () => {
    const document = renderPage(kind, locale);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(document.title);
    expect(pageText(screen.getByRole('article'))).toBe(documentText(document));
  });

  test('links back to the landing page and to the other document', () => {
    renderPage(kind, locale);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`/${locale}`);
    expect(hrefs).toContain(`/${locale}/${kind === 'privacy' ? 'consent' : 'privacy'}`);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  test("makes the operator's e-mail a mailto link", () => {
    renderPage(kind, locale);
    for (const link of screen.getAllByRole('link', { name: OPERATOR.email }))
      expect(link).toHaveAttribute('href', `mailto:${OPERATOR.email}`);
  });
});

test('the consent page shows its version, the privacy page none', () => {
  renderPage('consent', 'ru');
  expect(screen.getByText(VERSION)).toBeInTheDocument();
  document.body.innerHTML = '';
  renderPage('privacy', 'ru');
  expect(screen.queryByText(VERSION)).toBeNull();
});
