// The landing page as scripts/prerender.mjs renders it: on a server, with no document at all.
import { render } from '../entry-server';

test.each(['en', 'ru'] as const)(
  'the prerendered %s page carries every part, the form included',
  (locale) => {
    expect(typeof document).toBe('undefined');
    const { html } = render(locale);
    for (const id of ['banner', 'cases', 'services', 'about', 'contact'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<form class="contact-form"[^>]*action="\/api\/contact"/);
    expect(html).toContain('<footer class="footer">');
    // No part fell back to an empty client render (a thrown error in a Suspense boundary).
    expect(html).not.toContain('<template data-msg');
  },
);
