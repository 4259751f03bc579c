import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { t, type Locale } from '../support/locales';
import { until } from '../support/wait';

const BURGER = '.header__burger';

/** Whether the burger says the menu is open, and whether the first nav link can be seen. */
const menuState = () => ({
  expanded: document.querySelector('.header__burger')?.getAttribute('aria-expanded'),
  linkShown: !!document.querySelector('#nav-cases')?.checkVisibility({ visibilityProperty: true }),
  label: document.querySelector('.header__burger')?.getAttribute('aria-label'),
});

/** Below 1280 px the burger opens the menu (its links show) and closes it again. */
export async function menuOpensAndCloses(tab: Tab, locale: Locale): Promise<void> {
  expect(await tab.evaluate(menuState, null)).toEqual({
    expanded: 'false',
    linkShown: false,
    label: t(locale, 'buttons.openMenu'),
  });
  await tab.click(BURGER);
  await until(
    tab,
    menuState,
    null,
    { expanded: 'true', linkShown: true, label: t(locale, 'buttons.closeMenu') },
    'the menu opens',
  );
  await tab.click(BURGER);
  await until(
    tab,
    menuState,
    null,
    { expanded: 'false', linkShown: false, label: t(locale, 'buttons.openMenu') },
    'the menu closes',
  );
}

/** At 1280 px and up, hovering a navigation group opens its preview panel of five cards. */
export async function previewOpensOnHover(tab: Tab): Promise<void> {
  const panel = () => {
    const element = document.querySelector<HTMLElement>('#preview-cases');
    return {
      shown: !!element?.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
      cards: element?.querySelectorAll('li').length ?? 0,
    };
  };
  expect((await tab.evaluate(panel, null)).shown, 'closed before the hover').toBe(false);
  await tab.hover('#nav-cases');
  await until(tab, panel, null, { shown: true, cards: 5 }, 'the preview panel opens on hover');
}
