import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';

/** Renders the page for one locale; scripts/prerender.mjs writes it into dist/<locale>/index.html. */
export function render(): { html: string; head: string } {
  const html = renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  return { html, head: '<title>Studio</title>' };
}
