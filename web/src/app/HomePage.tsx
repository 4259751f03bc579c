import { Suspense, useEffect, type ReactNode } from 'react';
import type { Locale } from '../lib/constants';
import { afterLoadAndIdle } from '../lib/idle';
import { loadDocs } from '../store/docsLater';
import { About } from '../sections/about/About';
import { Banner } from '../sections/banner/Banner';
import { Cases } from '../sections/cases/Cases';
import { Contact } from '../sections/contact/Contact';
import { Footer } from '../sections/footer/Footer';
import { Header } from '../sections/header/Header';
import { Marquees } from '../sections/marquees/Marquees';
import { Preloader } from '../sections/preloader/Preloader';
import { Services } from '../sections/services/Services';
import { useScrollbarActivity, useTouchActive } from './usePageEffects';

/**
 * A Suspense boundary around a part of the page below the fold. Nothing in it suspends; the
 * boundary lets React hydrate each part in its own short task instead of the whole page in one
 * long one, so the main thread stays responsive while the page wakes up.
 */
function Part({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The landing page (the route's `home` child): every section in the spec's order. */
export function HomePage({ locale }: { locale: Locale }) {
  useScrollbarActivity();
  useTouchActive();
  // The saved docs state is read once the page is idle after load, as the old site read it at
  // start; the store's code is not needed before (store/docsLater.ts).
  useEffect(() => afterLoadAndIdle(() => void loadDocs().catch(() => undefined)), []);

  return (
    <>
      <Preloader />
      <Header locale={locale} />
      <main id="main" tabIndex={-1}>
        <Banner />
        <Part>
          <Marquees />
        </Part>
        <Part>
          <Cases />
        </Part>
        <Part>
          <Services />
        </Part>
        <Part>
          <About />
        </Part>
        <Part>
          <Contact />
        </Part>
      </main>
      <Part>
        <Footer />
      </Part>
    </>
  );
}
