import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { html } from '../web/html.ts';
import { defineCatalog } from './catalog.ts';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo.ts';

const en = {
  places: '{count, plural, one {# place left} other {# places left}}',
  hello: 'Hello {name}, see <link>your profile</link>.',
  plain: 'It’s here',
} as const;

const catalog = defineCatalog('test.example', en, {
  de: {
    places: '{count, plural, one {# Platz frei} other {# Plätze frei}}',
    hello: 'Hallo {name}, siehe <link>Ihr Profil</link>.',
    plain: 'Es ist da',
  },
  fr: {
    places: '{count, plural, one {# place restante} other {# places restantes}}',
    hello: 'Bonjour {name}, voir <link>votre profil</link>.',
    plain: 'C’est ici',
  },
  es: {
    places: '{count, plural, one {# plaza libre} other {# plazas libres}}',
    hello: 'Hola, {name}: mira <link>tu perfil</link>.',
    plain: 'Está aquí',
  },
});

describe('catalogs', () => {
  it('says plurals by each language’s rules, with its number format', () => {
    expect(catalog.text('en', 'places', { count: 1 })).toBe('1 place left');
    expect(catalog.text('en', 'places', { count: 1234 })).toBe('1,234 places left');
    expect(catalog.text('de', 'places', { count: 1234 })).toBe('1.234 Plätze frei');
    // French counts 0 as singular; English and German do not.
    expect(catalog.text('fr', 'places', { count: 0 })).toBe('0 place restante');
    expect(catalog.text('en', 'places', { count: 0 })).toBe('0 places left');
    expect(catalog.text('es', 'places', { count: 2 })).toBe('2 plazas libres');
  });

  it('escapes text and arguments in markup, keeping only the tags the code gives', () => {
    const link = (inner: ReturnType<typeof html>) => html`<a href="/p">${inner}</a>`;
    const out = catalog.sayHtml('de')('hello', { name: '<b>Ana</b> & co' }, { link });
    expect(out.value).toBe(
      'Hallo &lt;b&gt;Ana&lt;/b&gt; &amp; co, siehe <a href="/p">Ihr Profil</a>.',
    );
  });

  it('keeps a phrase to be said later, in English for the API and in any language for a page', () => {
    const phrase = catalog.phrase('places', { count: 3 });
    expect(phrase.english).toBe('3 places left');
    expect(phrase.in('de')).toBe('3 Plätze frei');
  });

  it('says every message in the pseudo-locale accented and bracketed, arguments kept', () => {
    const out = catalog.text('en-XA', 'places', { count: 2 });
    expect(out.startsWith(PSEUDO_OPEN) && out.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(out).toContain('2');
    expect(out).not.toMatch(/[A-Za-z]{2,}/);
    expect(
      catalog.sayHtml('en-XA')('hello', { name: 'Ana' }, { link: (i) => html`<a>${i}</a>` }).value,
    ).toMatch(/^⟦Ĥéĺĺó Ana, šéé <a>ýóúŕ þŕóƒíĺé<\/a>.⟧$/);
  });

  it('says a tagged message as plain text with the tag’s words', () => {
    expect(catalog.text('fr', 'hello', { name: 'Ana' })).toBe('Bonjour Ana, voir votre profil.');
  });

  it('formats any argument text without throwing, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('en', 'de', 'fr', 'es', 'en-XA'), (name, locale) => {
        const text = catalog.text(locale as 'en', 'hello', { name });
        expect(text).toContain(name);
      }),
    );
  });
});
