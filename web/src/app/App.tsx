import en from '../i18n/locales/en.json';

/** The landing page. Sections arrive with their own issues; this is the first slice. */
export function App() {
  return (
    <main>
      <h1>{en.banner.title}</h1>
    </main>
  );
}
