import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/platform/i18n/catalog.ts';
import { LOCALES } from '../../src/platform/i18n/locales.ts';

/**
 * Every catalog in the tree (a folder holding en.ts, de.ts, fr.ts, es.ts and an index.ts that
 * defines it), checked whole: the same keys in every shipped locale, every message valid ICU, and
 * each translation using exactly the English message's arguments and tags, so no language drops a
 * number or a link (docs/decisions/0162-participant-languages.md).
 */
const root = path.resolve(import.meta.dirname, '../../src');

function catalogFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  const here = ['en.ts', 'de.ts', 'fr.ts', 'es.ts', 'index.ts'].every((n) => names.has(n))
    ? [dir]
    : [];
  return [
    ...here,
    ...entries
      .filter((e) => e.isDirectory())
      .flatMap((e) => catalogFolders(path.join(dir, e.name))),
  ];
}

async function loadCatalogs(): Promise<Catalog<string>[]> {
  const catalogs: Catalog<string>[] = [];
  for (const folder of catalogFolders(root)) {
    const module = (await import(pathToFileURL(path.join(folder, 'index.ts')).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      if (value && typeof value === 'object' && 'messages' in value && 'say' in value) {
        catalogs.push(value as Catalog<string>);
      }
    }
  }
  return catalogs;
}

/** What a message needs from its caller: each argument with its kind, and each tag. */
function signature(
  elements: readonly MessageFormatElement[],
  into = new Set<string>(),
): Set<string> {
  for (const element of elements) {
    if (isArgumentElement(element)) into.add(`${element.value}`);
    else if (isNumberElement(element)) into.add(`${element.value}:number`);
    else if (isDateElement(element) || isTimeElement(element)) into.add(`${element.value}:date`);
    else if (isPluralElement(element)) {
      into.add(`${element.value}:plural`);
      for (const option of Object.values(element.options)) signature(option.value, into);
    } else if (isSelectElement(element)) {
      into.add(`${element.value}:select`);
      for (const option of Object.values(element.options)) signature(option.value, into);
    } else if (isTagElement(element)) {
      into.add(`<${element.value}>`);
      signature(element.children, into);
    }
  }
  return into;
}

/** A value for each argument, so every message can be said in every locale. */
function sampleValues(english: string): Record<string, string | number | Date> {
  const values: Record<string, string | number | Date> = {};
  for (const part of signature(parse(english))) {
    const [name, kind] = part.split(':');
    if (!name || name.startsWith('<')) continue;
    values[name] = kind === 'plural' || kind === 'number' ? 2 : kind === 'date' ? new Date(0) : 'x';
  }
  return values;
}

const catalogs = await loadCatalogs();

describe('message catalogs', () => {
  it('finds the catalogs, each with a name of its own', () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(3);
    const names = catalogs.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  describe.each(catalogs.map((catalog) => [catalog.name, catalog] as const))(
    '%s',
    (_name, catalog) => {
      const english = catalog.messages.en as Record<string, string>;

      it('has every key in every shipped locale, and no other', () => {
        for (const locale of LOCALES) {
          expect(Object.keys(catalog.messages[locale]).sort(), locale).toEqual(
            Object.keys(english).sort(),
          );
        }
      });

      it('holds valid ICU messages using the English message’s arguments and tags', () => {
        const problems: string[] = [];
        for (const [key, source] of Object.entries(english)) {
          const wanted = [...signature(parse(source))].sort();
          for (const locale of LOCALES) {
            const message = (catalog.messages[locale] as Record<string, string>)[key] ?? '';
            if (/'[{}#|']/.test(message)) {
              problems.push(`${locale}.${key}: an ASCII apostrophe quotes ICU syntax; write ’`);
            }
            let got: string[];
            try {
              got = [...signature(parse(message))].sort();
            } catch (error) {
              problems.push(`${locale}.${key}: ${(error as Error).message}`);
              continue;
            }
            if (got.join() !== wanted.join()) {
              problems.push(
                `${locale}.${key}: uses ${got.join(', ')}; English uses ${wanted.join(', ')}`,
              );
            }
          }
        }
        expect(problems).toEqual([]);
      });

      it('says every message in every locale and the pseudo-locale', () => {
        for (const [key, source] of Object.entries(english)) {
          const values = sampleValues(source);
          for (const locale of [...LOCALES, 'en-XA' as const]) {
            expect(catalog.text(locale, key, values), `${locale}.${key}`).not.toBe('');
          }
        }
      });

      it('has no sentence left in English in another locale', () => {
        const copied: string[] = [];
        for (const [key, source] of Object.entries(english)) {
          if ((source.match(/[A-Za-z]{2,}/g) ?? []).length < 3) continue;
          for (const locale of LOCALES.filter((l) => l !== 'en')) {
            if ((catalog.messages[locale] as Record<string, string>)[key] === source) {
              copied.push(`${locale}.${key}`);
            }
          }
        }
        expect(copied).toEqual([]);
      });
    },
  );
});
