import { acceptedLanguage, catalogueLanguage, langParameterOf } from './catalogue-language';

describe('acceptedLanguage: what an Accept-Language header prefers', () => {
  it.each<[string | undefined, 'en' | 'ta']>([
    [undefined, 'en'],
    ['', 'en'],
    ['ta', 'ta'],
    ['ta-IN,ta;q=0.9,en-IN;q=0.8,en;q=0.7', 'ta'],
    ['en-IN,en;q=0.9,ta;q=0.8', 'en'],
    ['hi-IN,hi;q=0.9,ta;q=0.5', 'ta'],
    ['hi-IN,hi;q=0.9', 'en'],
    ['*', 'en'],
    ['ta;q=0.5,*;q=0.5', 'en'],
    ['TA-in', 'ta'],
    ['ta;q=0', 'en'],
    ['ta;q=nonsense', 'en'],
  ])('%j → %s', (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });
});

describe('catalogueLanguage: the lang parameter first, then the header', () => {
  it.each<[unknown, string | undefined, 'en' | 'ta']>([
    ['ta', undefined, 'ta'],
    ['en', 'ta-IN', 'en'],
    [undefined, 'ta-IN', 'ta'],
    ['fr', 'ta-IN', 'ta'],
    [['ta', 'en'], undefined, 'en'],
  ])('lang %j with %j → %s', (lang, header, language) => {
    expect(catalogueLanguage(lang, header)).toBe(language);
  });

  it.each<[string, string | null]>([
    ['', null],
    ['page=1&limit=24', null],
    ['lang=ta&page=1', 'ta'],
    ['q=rose&lang=en', 'en'],
    ['q=flang%3Dta', null],
  ])('reads lang from %j: %j', (queryString, lang) => {
    expect(langParameterOf(queryString)).toBe(lang);
  });
});
