// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/i18n';
import { Marquees } from './Marquees';
import { ru } from '../../test/messages';

function renderMarquees(lng: 'en' | 'ru') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Marquees />
    </I18nextProvider>,
  );
}

test('shows three strips of keywords, each with a copy hidden from screen readers', () => {
  const { container } = renderMarquees('en');
  const strips = container.querySelectorAll('.marquee');
  expect(strips).toHaveLength(3);
  strips.forEach((strip) => {
    const [track, copy] = strip.querySelectorAll('.marquee__track');
    expect(track).not.toHaveAttribute('aria-hidden');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(copy?.innerHTML).toBe(track?.innerHTML);
  });
});

test('reads each keyword once in Russian', () => {
  renderMarquees('ru');
  const lists = screen.getAllByRole('list');
  expect(lists).toHaveLength(3);
  ru.marquee.lines.forEach(({ words }, index) => {
    expect(
      within(lists[index] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(words);
  });
});
