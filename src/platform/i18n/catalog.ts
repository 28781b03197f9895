import {
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { escapeHtml, Html } from '../web/html.ts';
import { type AnyLocale, intlLocale, type Locale, PSEUDO_LOCALE } from './locales.ts';
import { pseudoMessage } from './pseudo.ts';

/**
 * One language's messages for a catalog, keyed like the English one: a locale's file declares
 * itself `Messages<typeof en>`, so the type checker refuses a missing or an extra key.
 */
export type Messages<E> = { readonly [K in keyof E]: string };

/** What a message's arguments may be: text, numbers and dates, formatted by ICU in the locale. */
export type Values = Readonly<Record<string, string | number | Date | Html>>;

/** Says a catalog's message in one locale. */
export type Say<K extends string> = (key: K, values?: Values) => string;

/** Says a catalog's message as markup; `<b>`-style tags in the message become the given elements. */
export type SayHtml<K extends string> = (
  key: K,
  values?: Values,
  tags?: Readonly<Record<string, (inner: Html) => Html>>,
) => Html;

/**
 * A message chosen now and said later, in whoever reads it's language: a problem a use case finds
 * is shown in the participant's language on a page and in English in an API body.
 */
export interface Phrase {
  readonly english: string;
  in(locale: AnyLocale): string;
}

export interface Catalog<K extends string> {
  /** Names the catalog in test failures ("participate.studies"). */
  readonly name: string;
  readonly messages: Readonly<Record<Locale, Messages<Record<K, string>>>>;
  text(locale: AnyLocale, key: K, values?: Values): string;
  say(locale: AnyLocale): Say<K>;
  sayHtml(locale: AnyLocale): SayHtml<K>;
  phrase(key: K, values?: Values): Phrase;
}

/**
 * A catalog of ICU MessageFormat messages (plurals, selects, numbers, dates) in every shipped
 * locale, formatted by FormatJS's intl-messageformat (docs/decisions/0162-participant-languages.md).
 * Each message is compiled once per locale, the first time it is said.
 */
export function defineCatalog<const E extends Readonly<Record<string, string>>>(
  name: string,
  en: E,
  translations: Readonly<Record<Exclude<Locale, 'en'>, Messages<E>>>,
): Catalog<Extract<keyof E, string>> {
  type K = Extract<keyof E, string>;
  const messages = { en, ...translations } as Record<Locale, Messages<Record<K, string>>>;
  const compiled = new Map<string, IntlMessageFormat>();

  function formatter(locale: AnyLocale, key: K): IntlMessageFormat {
    const cacheKey = `${locale}\u0000${key}`;
    let format = compiled.get(cacheKey);
    if (!format) {
      const source: string | MessageFormatElement[] =
        locale === PSEUDO_LOCALE ? pseudoMessage(en[key] as string) : messages[locale][key];
      if (source === undefined) throw new Error(`Catalog ${name} has no message "${key}"`);
      format = new IntlMessageFormat(source, intlLocale(locale));
      compiled.set(cacheKey, format);
    }
    return format;
  }

  /** As plain text, a tagged part of a message keeps its words and loses its tag. */
  function text(locale: AnyLocale, key: K, values?: Values): string {
    const format = formatter(locale, key);
    const plain: Record<string, unknown> = { ...values };
    for (const tag of tagsOf(format)) plain[tag] = (chunks: unknown[]) => chunks.join('');
    const out = format.format<string>(plain as Record<string, string>);
    return Array.isArray(out) ? out.join('') : String(out);
  }

  function markup(
    locale: AnyLocale,
    key: K,
    values: Values = {},
    tags: Readonly<Record<string, (inner: Html) => Html>> = {},
  ): Html {
    const rich: Record<string, unknown> = { ...values };
    for (const [tag, wrap] of Object.entries(tags)) {
      rich[tag] = (chunks: unknown[]) => wrap(new Html(chunks.map(partHtml).join('')));
    }
    const out = formatter(locale, key).format<Html>(rich as Record<string, Html>);
    return new Html(Array.isArray(out) ? out.map(partHtml).join('') : partHtml(out));
  }

  return {
    name,
    messages,
    text,
    say: (locale) => (key, values) => text(locale, key, values),
    sayHtml: (locale) => (key, values, tags) => markup(locale, key, values, tags),
    phrase: (key, values) => ({
      english: text('en', key, values),
      in: (locale) => text(locale, key, values),
    }),
  };
}

const tagNames = new WeakMap<IntlMessageFormat, string[]>();

/** The tags a message uses (`<link>...</link>`), found once per compiled message. */
function tagsOf(format: IntlMessageFormat): string[] {
  let names = tagNames.get(format);
  if (!names) {
    const found = new Set<string>();
    const walk = (elements: readonly MessageFormatElement[]) => {
      for (const element of elements) {
        if (isTagElement(element)) {
          found.add(element.value);
          walk(element.children);
        } else if (isPluralElement(element) || isSelectElement(element)) {
          for (const option of Object.values(element.options)) walk(option.value);
        }
      }
    };
    walk(format.getAst());
    names = [...found];
    tagNames.set(format, names);
  }
  return names;
}

/** Text parts are escaped; markup parts (an `Html` argument, a wrapped tag) are kept. */
function partHtml(part: unknown): string {
  if (part instanceof Html) return part.value;
  return escapeHtml(String(part ?? ''));
}
