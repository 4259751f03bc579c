// The docs pages' own words (the frame around the articles) in each language. The articles and
// the section names are content the studio edits; these labels are the interface's.
import type { Locale } from '../../lib/constants';

export interface DocsCopy {
  docs: string;
  indexTitle: string;
  indexLead: string;
  sectionsLabel: string;
  menu: string;
  breadcrumbs: string;
  home: string;
  onThisPage: string;
  previous: string;
  next: string;
  share: string;
  shared: string;
  copied: string;
  copyFailed: string;
  ctaTitle: string;
  ctaText: string;
  ctaButton: string;
  hireUs: string;
  otherLanguage: string;
  caseFacts: string;
  client: string;
  kind: string;
  website: string;
  social: string;
  newTab: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundIndex: string;
  skipToContent: string;
  backToSite: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** `{n}` is the number of pages found. */
  searchFound: string;
  /** `{q}` is what the visitor typed. */
  searchNone: string;
  searchUnavailable: string;
}

export const DOCS_COPY: Record<Locale, DocsCopy> = {
  en: {
    docs: 'Docs',
    indexTitle: 'Mintline docs: cases, services and the studio',
    indexLead:
      'How we build Web3, Web2 and Telegram products: the stories behind our cases, what each service includes, and how the studio works.',
    sectionsLabel: 'Docs sections',
    menu: 'Docs menu',
    breadcrumbs: 'Breadcrumbs',
    home: 'Home',
    onThisPage: 'On this page',
    previous: 'Previous',
    next: 'Next',
    share: 'Share',
    shared: 'Shared',
    copied: 'Link copied',
    copyFailed: 'Copy the address from the address bar',
    ctaTitle: 'Want something like this?',
    ctaText:
      'Tell us about your project: we reply within one working day and send a fixed estimate within three days.',
    ctaButton: 'Discuss your project',
    hireUs: 'Hire us',
    otherLanguage: 'Читать по-русски',
    caseFacts: 'The case in brief',
    client: 'Client',
    kind: 'Kind',
    website: 'Website',
    social: 'Social',
    newTab: '(opens in a new tab)',
    notFoundTitle: 'This docs page does not exist',
    notFoundText:
      'The link may be old or mistyped. Every case, service and page about the studio is listed on the docs index.',
    notFoundIndex: 'Open the docs index',
    skipToContent: 'Skip to content',
    backToSite: 'Back to the site',
    searchLabel: 'Search the docs',
    searchPlaceholder: 'Search the docs',
    searchFound: 'Pages found: {n}',
    searchNone: 'Nothing found for “{q}”',
    searchUnavailable: 'Search is not available right now; every page is listed on the docs index',
  },
  ru: {
    docs: 'Документация',
    indexTitle: 'Документация Mintline: кейсы, услуги и студия',
    indexLead:
      'Как мы делаем продукты для Web3, Web2 и Telegram: истории наших кейсов, что входит в каждую услугу и как устроена работа студии.',
    sectionsLabel: 'Разделы документации',
    menu: 'Меню документации',
    breadcrumbs: 'Навигационная цепочка',
    home: 'Главная',
    onThisPage: 'На этой странице',
    previous: 'Назад',
    next: 'Далее',
    share: 'Поделиться',
    shared: 'Отправлено',
    copied: 'Ссылка скопирована',
    copyFailed: 'Скопируйте адрес из адресной строки',
    ctaTitle: 'Нужно что-то похожее?',
    ctaText:
      'Расскажите о проекте: ответим в течение рабочего дня, а фиксированную оценку пришлём за три дня.',
    ctaButton: 'Обсудить проект',
    hireUs: 'Нанять нас',
    otherLanguage: 'Read in English',
    caseFacts: 'Коротко о кейсе',
    client: 'Клиент',
    kind: 'Тип',
    website: 'Сайт',
    social: 'Соцсеть',
    newTab: '(откроется в новой вкладке)',
    notFoundTitle: 'Такой страницы документации нет',
    notFoundText:
      'Возможно, ссылка устарела или в ней опечатка. Все кейсы, услуги и страницы о студии собраны в оглавлении документации.',
    notFoundIndex: 'Открыть оглавление',
    skipToContent: 'Перейти к содержимому',
    backToSite: 'Вернуться на сайт',
    searchLabel: 'Поиск по документации',
    searchPlaceholder: 'Поиск по документации',
    searchFound: 'Найдено страниц: {n}',
    searchNone: 'По запросу «{q}» ничего не нашлось',
    searchUnavailable: 'Поиск сейчас недоступен; все страницы есть в оглавлении документации',
  },
};
