// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/i18n';
import { About } from './About';
import { en, ru } from '../../test/messages';

function renderAbout(lng: 'en' | 'ru') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <About />
    </I18nextProvider>,
  );
}

test.each([
  ['en', en],
  ['ru', ru],
] as const)('shows six %s pictures with alt text, sizes and lazy loading', (lng, messages) => {
  renderAbout(lng);
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(messages.whoWeAre.title);
  const images = screen.getAllByRole('img');
  expect(images).toHaveLength(6);
  images.forEach((img, i) => {
    expect(img).toHaveAttribute('alt', messages.bento.items[i]?.alt);
    expect(img.getAttribute('src')).toContain(`/images/bento/${lng}/bento-${i + 1}-`);
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
  const sources = document.querySelectorAll(`source[srcset*="/bento/${lng}/"]`);
  expect(sources).toHaveLength(12);
});
