import { useEffect } from 'react';
import type { Locale } from '../lib/constants';
import { rehydrateDocs } from '../store/docs';
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

/** The landing page (the route's `home` child): every section in the spec's order. */
export function HomePage({ locale }: { locale: Locale }) {
  useScrollbarActivity();
  useTouchActive();
  useEffect(() => {
    void rehydrateDocs();
  }, []);

  return (
    <>
      <Preloader />
      <Header locale={locale} />
      <main id="main" tabIndex={-1}>
        <Banner />
        <Marquees />
        <Cases />
        <Services />
        <About />
        <Contact />
      </main>
      <Footer />
    </>
  );
}
