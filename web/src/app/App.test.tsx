import { render, screen } from '@testing-library/react';
import { App } from './App';
import en from '../i18n/locales/en.json';

test('shows the banner title as the page heading', () => {
  render(<App />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.banner.title);
});
