import { z } from 'zod';
import {
  choice,
  colour,
  docsPath,
  file,
  fixedList,
  group,
  headline,
  list,
  optionalText,
  shared,
  text,
} from './fields';

/**
 * Everything a visitor reads on the site, as one locale file holds it
 * (web/src/i18n/locales/{en,ru}.json). This schema is the one description of that data: the
 * build checks the files against it (check.ts), the components use the types inferred from it,
 * and the editor at /admin is configured from it (editor.ts).
 */

// Layout budgets: the longest text each place shows on a 375 px phone without breaking the design.
const BUDGET = {
  button: 24,
  sectionTitle: 24,
  pageHeading: 48,
  banner: 48,
  phrase: 36,
  caseName: 28,
  hint: 60,
  tileTitle: 16,
  metaTitle: 65,
  metaDescription: 160,
  ogTitle: 70,
} as const;

const navEntry = group({
  name: text({ title: 'Title' }),
  description: optionalText({ title: 'Description', long: true }),
  link: docsPath({
    title: 'Docs page',
    description:
      'A docs page, e.g. cases/aurelia or services/web3; empty makes the card only pick the section',
  }),
});

export const CASE_TYPES = ['website', 'telegram-bot', 'database', 'ai-chatbot'] as const;

export const caseSchema = group(
  {
    id: shared({ title: 'Id', description: 'Short latin name, unique among the cases' }),
    name: headline(BUDGET.caseName, { title: 'Client', shared: true }),
    type: choice(CASE_TYPES, { title: 'Kind' }),
    link: shared({ title: 'Website address', description: 'https://…' }),
    link_name: shared({ title: 'Website as shown' }),
    social: shared({ title: 'Social handle', description: 'Without @' }),
    social_name: shared({ title: 'Social handle as shown' }),
    sType: choice(['x', 'ig'], { title: 'Social network' }),
    logo: file('images/cases', 'logo', { title: 'Logo' }),
    image: file('images/cases', 'picture', {
      title: 'Picture',
      description: '4:3, at least 960×720 px, at most 2 MB',
    }),
    url: docsPath({ title: 'Docs page', description: "The case's docs page: cases/<its id>" }),
    description: text({ title: 'Description', long: true }),
    hint: headline(BUDGET.hint, { title: 'Caption under the picture' }),
    alt: text({ title: 'Picture description for screen readers', long: true }),
  },
  { title: 'Case' },
);

export const serviceSchema = group(
  {
    name: text({ title: 'Name' }),
    slug: docsPath({
      title: 'Docs page',
      description:
        'The service on its docs page, e.g. services/web3#defi; empty opens the docs index',
    }),
    color: colour({ title: 'Chip colour' }),
  },
  { title: 'Service' },
);

export const messagesSchema = group({
  buttons: group(
    {
      hireUs: headline(BUDGET.button),
      openMenu: text(),
      closeMenu: text(),
      skipToContent: text(),
      home: text(),
      backToSite: headline(BUDGET.button),
      backToForm: headline(BUDGET.button),
    },
    { title: 'Buttons' },
  ),
  locales: group(
    {
      label: text(),
      en: text({ sameInLocales: true }),
      ru: text({ sameInLocales: true }),
    },
    { title: 'Language switch' },
  ),
  navigation: group(
    {
      label: text(),
      socialLabel: text(),
      x: text(),
      telegram: text(),
      newTab: text(),
      links: group({ cases: text(), services: text(), about: text() }),
      previewLabel: text(),
      cases: fixedList(navEntry, 5, { title: 'Cases menu' }),
      services: fixedList(navEntry, 5, { title: 'Services menu' }),
      about: fixedList(navEntry, 5, { title: 'About menu' }),
      footerLabel: text(),
      legal: group({ privacy: text(), consent: text() }),
    },
    { title: 'Navigation' },
  ),
  banner: group(
    {
      title: headline(BUDGET.banner),
      phrases: list(headline(BUDGET.phrase), 1, { title: 'Typed phrases' }),
      subtitle: text({ long: true }),
      offersLabel: text(),
      offers: fixedList(text(), 4),
      claimsLabel: text(),
      claims: fixedList(group({ value: text(), label: text() }), 2),
      cta: headline(BUDGET.button),
      ctaSecondary: headline(BUDGET.button),
    },
    { title: 'Banner' },
  ),
  marquee: group(
    {
      label: text(),
      lines: fixedList(group({ words: list(text(), 3, { title: 'Words' }) }), 3, {
        title: 'Strips',
      }),
    },
    { title: 'Keyword strips' },
  ),
  cases: group(
    {
      title: headline(BUDGET.sectionTitle),
      lead: text({ long: true }),
      learnMore: headline(BUDGET.button),
      learnMoreLabel: text(),
      newTab: text(),
      website: text(),
      logoAlt: text(),
      social: group({ x: text({ sameInLocales: true }), ig: text({ sameInLocales: true }) }),
      types: group({
        website: text(),
        'telegram-bot': text(),
        database: text(),
        'ai-chatbot': text(),
      }),
      items: list(caseSchema, 1, { title: 'Cases' }),
    },
    { title: 'Cases' },
  ),
  whatWeOffer: group(
    {
      title: headline(BUDGET.sectionTitle),
      lead: text({ long: true }),
      newTab: text(),
      services: list(serviceSchema, 1, { title: 'Services' }),
    },
    { title: 'Services' },
  ),
  whoWeAre: group(
    { title: headline(BUDGET.sectionTitle), lead: text({ long: true }) },
    { title: 'About' },
  ),
  feedbackForm: group(
    {
      title: headline(BUDGET.sectionTitle),
      lead: text({ long: true }),
      name: text(),
      namePlaceholder: text(),
      social: text(),
      socialPlaceholder: text(),
      email: text(),
      emailPlaceholder: text(),
      message: text(),
      messagePlaceholder: text(),
      honeypot: text(),
      submit: headline(BUDGET.button),
      sending: headline(BUDGET.button),
      success: text(),
      error: text(),
      note: text({ long: true }),
      consent: text({ long: true }),
      consentRequired: text(),
      consentOutdated: text({ long: true }),
      stepsTitle: headline(BUDGET.sectionTitle),
      steps: fixedList(text(), 3),
    },
    { title: 'Contact form' },
  ),
  bento: group(
    {
      items: fixedList(
        group({
          title: headline(BUDGET.tileTitle),
          text: text(),
          alt: text({ long: true }),
        }),
        6,
        { title: 'Tiles' },
      ),
    },
    { title: 'About tiles' },
  ),
  docs: group(
    {
      sections: fixedList(
        group({
          id: z.number().int().meta({ shared: true, title: 'Id' }),
          name: text(),
        }),
        3,
      ),
    },
    { title: 'Docs sections' },
  ),
  meta: group(
    {
      siteName: text({ sameInLocales: true }),
      title: headline(BUDGET.metaTitle),
      description: headline(BUDGET.metaDescription, { long: true }),
      ogTitle: headline(BUDGET.ogTitle),
      ogDescription: text({ long: true }),
      ogImageAlt: text(),
      copyright: text({ sameInLocales: true }),
      ogClaims: fixedList(text(), 2),
    },
    { title: 'Search and sharing' },
  ),
  pages: group(
    {
      notFound: group({
        title: text(),
        heading: headline(BUDGET.pageHeading),
        text: text({ long: true }),
      }),
      thanks: group({
        title: text(),
        heading: headline(BUDGET.pageHeading),
        text: text({ long: true }),
      }),
      formError: group({
        title: text(),
        heading: headline(BUDGET.pageHeading),
        text: text({ long: true }),
        rules: fixedList(text(), 4),
        retry: text(),
        consentRule: text(),
      }),
      formUnavailable: group({
        title: text(),
        heading: headline(BUDGET.pageHeading),
        text: text({ long: true }),
      }),
      formNeedsScript: group({
        title: text(),
        heading: headline(BUDGET.pageHeading),
        text: text({ long: true }),
        telegram: text(),
        email: text(),
      }),
    },
    { title: 'Service pages' },
  ),
});

/** One locale file's contents, as the components see them. */
export type Messages = z.infer<typeof messagesSchema>;
export type CaseItem = z.infer<typeof caseSchema>;
export type CaseType = CaseItem['type'];
export type Service = z.infer<typeof serviceSchema>;
