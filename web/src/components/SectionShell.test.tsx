// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { SectionHeading, SectionShell } from './SectionShell';

test('the section is a landmark named by its heading, with its block classes and anchor', () => {
  const { container } = render(
    <SectionShell id="cases">
      <SectionHeading section="cases" title="Cases" lead="What we built" />
    </SectionShell>,
  );
  const region = screen.getByRole('region', { name: 'Cases' });
  expect(region).toHaveAttribute('id', 'cases');
  expect(region).toHaveClass('cases');
  expect(container.querySelector('.cases__inner')).toBe(region.firstElementChild);
  expect(screen.getByRole('heading', { level: 2, name: 'Cases' })).toHaveClass('cases__title');
  expect(screen.getByText('What we built')).toHaveClass('section-lead', 'cases__lead');
});
