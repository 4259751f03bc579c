// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n';
import { SOCIAL_LINKS, type Locale } from '../../lib/constants';
import { Footer } from './Footer';
import { ru } from '../../test/messages';

function renderFooter(locale: Locale) {
  render(
    <I18nextProvider i18n={createI18n(locale, { ru })}>
      <Footer />
    </I18nextProvider>,
  );
  return screen.getByRole('contentinfo');
}

test.each(['en', 'ru'] as const)('shows © 2024 with the Telegram and X links (%s)', (locale) => {
  const footer = renderFooter(locale);
  expect(footer).toHaveTextContent('© 2024');
  const social = [...footer.querySelectorAll<HTMLAnchorElement>('a[target]')];
  expect(social.map((link) => link.getAttribute('href'))).toEqual([
    SOCIAL_LINKS.x,
    SOCIAL_LINKS.telegram,
  ]);
  for (const link of social) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAccessibleName();
  }
});

test('links to the sections', () => {
  renderFooter('ru');
  const nav = screen.getByRole('navigation', { name: ru.navigation.footerLabel });
  expect([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
    '#cases',
    '#services',
    '#about',
  ]);
  expect(nav).toHaveTextContent(ru.navigation.links.services);
});

test.each([
  ['en', 'Privacy policy'],
  ['ru', ru.navigation.legal.privacy],
] as const)('links to the privacy policy and the consent text (%s)', (locale, privacy) => {
  const footer = renderFooter(locale);
  const privacyLink = screen.getByRole('link', { name: privacy });
  expect(footer).toContainElement(privacyLink);
  expect(privacyLink).toHaveAttribute('href', `/${locale}/privacy`);
  const consent = [...footer.querySelectorAll('a')].find(
    (link) => link.getAttribute('href') === `/${locale}/consent`,
  );
  expect(consent).toHaveAccessibleName(
    locale === 'ru' ? ru.navigation.legal.consent : 'Consent to the processing of personal data',
  );
});
