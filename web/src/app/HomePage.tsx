import { Suspense, use, useEffect, type ReactNode } from 'react';
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
import { whenPreloaderGone } from '../sections/preloader/whenGone';
import { Services } from '../sections/services/Services';
import { useScrollbarActivity, useTouchActive } from './usePageEffects';

/**
 * A part of the page below the fold, in a Suspense boundary of its own, woken once the preloader
 * has left. Until then the prerendered HTML is the part (its links and the form's plain post
 * work without a script) and no one can see or reach it under the preloader, so the page spends
 * the preloader's seconds on nothing but what is on screen when it lifts: the header and the
 * banner. Then each part hydrates in its own short tasks, never the whole page in one long one.
 */
function Part({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AfterPreloader>{children}</AfterPreloader>
    </Suspense>
  );
}

/** Holds its children's hydration (and a first client render) until the preloader has gone. */
function AfterPreloader({ children }: { children: ReactNode }) {
  use(whenPreloaderGone());
  return children;
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
