import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n';
import ru from '../../i18n/locales/ru.json';
import { SOCIAL_LINKS, type Locale } from '../../lib/constants';
import { Footer } from './Footer';

test.each(['en', 'ru'] as const)(
  'shows © 2024 with the Telegram and X links (%s)',
  (locale: Locale) => {
    render(
      <I18nextProvider i18n={createI18n(locale, { ru })}>
        <Footer />
      </I18nextProvider>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2024');
    const hrefs = [...footer.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([SOCIAL_LINKS.x, SOCIAL_LINKS.telegram]);
    for (const link of footer.querySelectorAll('a')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
      expect(link).toHaveAccessibleName();
    }
  },
);
