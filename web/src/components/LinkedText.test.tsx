// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { LinkedText } from './LinkedText';

test('links the marked words and keeps the rest of the sentence around them', () => {
  const { container } = render(
    <p>
      <LinkedText message="See our <link>privacy policy</link>." href="/en/privacy" />
    </p>,
  );
  expect(container).toHaveTextContent('See our privacy policy.');
  const link = screen.getByRole('link', { name: 'privacy policy' });
  expect(link).toHaveAttribute('href', '/en/privacy');
  expect(link).not.toHaveAttribute('target');
});

test('a link that opens a new tab says so in its name', () => {
  render(
    <LinkedText message="<link>согласие</link>" href="/ru/consent" newTab="(в новой вкладке)" />,
  );
  const link = screen.getByRole('link', { name: /^согласие\s*\(в новой вкладке\)$/ });
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener');
});

test('copy without a marked span is shown as it is', () => {
  const { container } = render(<LinkedText message="No link here." href="/en/privacy" />);
  expect(container).toHaveTextContent('No link here.');
  expect(screen.queryByRole('link')).toBeNull();
});
