import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Route, Router, Switch, type BaseLocationHook } from 'wouter';
import { HomePage } from './HomePage';
import { LocaleGuard } from './LocaleGuard';

export interface AppProps {
  i18n: I18n;
  /** The path being prerendered (server only). */
  ssrPath?: string;
  /** A location hook other than the browser's (tests use wouter's memoryLocation). */
  hook?: BaseLocationHook;
}

/** The one route, `/:locale?`, whose child is the home page; any other path goes to `/`. */
export function App({ i18n, ssrPath, hook }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Router ssrPath={ssrPath} hook={hook}>
        <Switch>
          <Route path="/:locale?">
            {(params) => (
              <LocaleGuard locale={params.locale}>
                {(locale) => <HomePage locale={locale} />}
              </LocaleGuard>
            )}
          </Route>
          <Route>
            <LocaleGuard locale={undefined}>{() => null}</LocaleGuard>
          </Route>
        </Switch>
      </Router>
    </I18nextProvider>
  );
}
