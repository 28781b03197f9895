import { type AnyLocale, intlLocale } from './locales.ts';

/**
 * Numbers, money and dates as the reader's language writes them, through `Intl`; each formatter
 * is built once per locale and option set, since building one costs far more than using it.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: AnyLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${intlLocale(locale)}${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    formatters.set(key, format);
  }
  return format;
}

function dateFormat(locale: AnyLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${intlLocale(locale)}${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    formatters.set(key, format);
  }
  return format;
}

export function formatNumber(locale: AnyLocale, value: number): string {
  return numberFormat(locale, {}).format(value);
}

/** Integer cents in a currency, as the locale writes it: "12,50 €" in German, "€12.50" in English. */
export function formatMoney(locale: AnyLocale, cents: number, currency: string): string {
  return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** A moment as the reader reads it: their language, their time zone, the zone named. */
export function formatDateTime(locale: AnyLocale, iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: validZone(timeZone),
  }).format(date);
}

export function formatDate(locale: AnyLocale, iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { dateStyle: 'medium', timeZone: validZone(timeZone) }).format(date);
}

const knownZones = new Map<string, boolean>();

/** A stored zone that this runtime does not know falls back to UTC rather than throwing. */
function validZone(timeZone: string): string {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : 'UTC';
}
