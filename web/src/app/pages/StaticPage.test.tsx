// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n';
import { SOCIAL_LINKS, type Locale } from '../../lib/constants';
import { StaticPage, type StaticKind } from './StaticPage';
import { en, ru } from '../../test/messages';

function renderPage(kind: StaticKind, locale: Locale) {
  return render(
    <I18nextProvider i18n={createI18n(locale, { ru })}>
      <StaticPage kind={kind} locale={locale} />
    </I18nextProvider>,
  );
}

test.each([
  ['en', en],
  ['ru', ru],
] as const)('thanks page confirms the lead and links back (%s)', (locale, messages) => {
  renderPage('thanks', locale);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    messages.pages.thanks.heading,
  );
  expect(screen.getByRole('link', { name: messages.buttons.backToSite })).toHaveAttribute(
    'href',
    `/${locale}`,
  );
});

test('the English thanks page says the spec sentence', () => {
  renderPage('thanks', 'en');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    "Thank you! We'll contact you soon.",
  );
});

test.each([
  ['en', en],
  ['ru', ru],
] as const)(
  'form-error page lists the four rules and links to the form (%s)',
  (locale, messages) => {
    renderPage('formError', locale);
    // Russian also names the consent its form asks for, first (VITE_CONSENT_LOCALES is ru).
    const rules = screen.getAllByRole('listitem').slice(locale === 'ru' ? 1 : 0);
    expect(rules).toHaveLength(4);
    expect(rules[0]).toHaveTextContent('2');
    expect(rules[1]).toHaveTextContent('4');
    expect(rules[2]).toHaveTextContent('@');
    expect(rules[3]).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: messages.buttons.backToForm })).toHaveAttribute(
      'href',
      `/${locale}#contact`,
    );
  },
);

test.each([
  ['en', en],
  ['ru', ru],
] as const)(
  'the page for a lead the server could not store asks to send again and links to the form (%s)',
  (locale, messages) => {
    renderPage('formUnavailable', locale);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      messages.pages.formUnavailable.heading,
    );
    expect(screen.getByText(messages.pages.formUnavailable.text)).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('link', { name: messages.buttons.backToForm })).toHaveAttribute(
      'href',
      `/${locale}#contact`,
    );
  },
);

test.each([
  ['en', en],
  ['ru', ru],
] as const)(
  "the page for a form refused without a proof of work offers the studio's other addresses (%s)",
  (locale, messages) => {
    renderPage('formNeedsScript', locale);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      messages.pages.formNeedsScript.heading,
    );
    expect(screen.getByText(messages.pages.formNeedsScript.text)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: messages.pages.formNeedsScript.telegram }),
    ).toHaveAttribute('href', SOCIAL_LINKS.telegram);
    expect(
      screen.getByRole('link', { name: messages.pages.formNeedsScript.email }).getAttribute('href'),
    ).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(screen.getByRole('link', { name: messages.buttons.backToSite })).toHaveAttribute(
      'href',
      `/${locale}`,
    );
  },
);

test('the Russian form-error page names the consent first; the English one does not', () => {
  renderPage('formError', 'ru');
  expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(ru.pages.formError.consentRule);
  document.body.innerHTML = '';
  renderPage('formError', 'en');
  expect(screen.queryByText(en.pages.formError.consentRule)).toBeNull();
});

test.each(['en', 'ru'] as const)('404 page links home (%s)', (locale) => {
  renderPage('notFound', locale);
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(
    `/${locale}`,
  );
});
