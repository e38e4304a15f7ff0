import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';

/** Issue #17: the welcome and legal pages are guest pages, in the guest's language from the first byte. */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('welcome and legal pages for a guest', () => {
  for (const [path, component, titles] of [
    ['/', 'Welcome', { 'en-US': 'Welcome', de: 'Willkommen', fr: 'Bienvenue' }],
    ['/welcome/new', 'Welcome_new', { 'en-US': 'Welcome', de: 'Willkommen', fr: 'Bienvenue' }],
    ['/terms', 'Legal/Terms', { 'en-US': 'Terms of service', de: 'Nutzungsbedingungen', fr: 'Conditions d’utilisation' }],
    ['/privacy-policy', 'Legal/PrivacyPolicyPage', { 'en-US': 'Privacy policy', de: 'Datenschutzerklärung', fr: 'Politique de confidentialité' }],
  ] as const) {
    it(`${path}: <title> and <html lang> follow Accept-Language`, async () => {
      for (const [header, locale] of [
        ['de-CH,de;q=0.9,en;q=0.5', 'de'],
        ['fr-CA', 'fr'],
        ['es-ES', 'en-US'],
      ] as const) {
        const res = await app.client().get(path, { headers: { 'Accept-Language': header } });
        expect(res.status).toBe(200);
        expect(res.page().component).toBe(component);
        expect(res.page().props.locale).toBe(locale);
        expect(res.text).toContain(`<html lang="${locale}"`);
        expect(res.text).toMatch(new RegExp(`<title[^>]*>${titles[locale]} - `));
      }
    });
  }
});
