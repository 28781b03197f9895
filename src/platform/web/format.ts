import { type Html, html } from './html.ts';

/** $1,234.56, with the sign in front: ledger amounts are signed. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const dollars = Math.floor(whole / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** A timestamp as people read it, in UTC so every viewer sees the same text. */
export function when(iso: string | null | undefined): Html | string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
  return html`<time datetime="${iso}">${text}</time>`;
}

const STATUS_TONES: Record<string, string> = {
  draft: 'neutral',
  active: 'good',
  fulfilled: 'info',
  paused: 'warn',
  stopped: 'bad',
  completed: 'info',
  screen_passed: 'info',
  screened_out: 'neutral',
  in_progress: 'info',
  awaiting_review: 'warn',
  approved: 'good',
  rejected: 'bad',
  abandoned: 'neutral',
  awaiting_decision: 'warn',
  RECEIVED: 'warn',
  RESPONDED: 'info',
  WON: 'good',
  LOST: 'bad',
  NOT_PURSUED: 'neutral',
  passed: 'good',
  failed: 'bad',
  review: 'warn',
};

/** A status as a small labelled badge; the words carry the meaning, the colour only helps. */
export function badge(status: string): Html {
  const tone = STATUS_TONES[status] ?? 'neutral';
  return html`<span class="badge badge-${tone}">${status.replaceAll('_', ' ')}</span>`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** An amount as its currency writes it ("$12.50", "€12.50"); formatters are built once each. */
export function currencyAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = currencyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    currencyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

/** What an amount for so many minutes pays per hour, in cents (rounded down). */
export function perHourCents(cents: number, minutes: number): number {
  return minutes > 0 ? Math.floor((cents * 60) / minutes) : 0;
}
