import { normalizeEmail } from '../platform/email.ts';

/**
 * One person, one account (docs/decisions/0082-one-account-per-mailbox.md): the mailbox an address
 * reaches, so that addresses a provider delivers to the same inbox count as one. Pure.
 *
 * Only providers known to ignore them lose dots or a `+tag`: a company's own mail server may route
 * `ana+lab@` elsewhere than `ana@`, so unknown domains keep the address as typed (lower-cased).
 * The same list, copied, backfilled existing accounts in migration 0016.
 */

/** Gmail ignores dots and everything from `+`; googlemail.com is the same mailbox. */
export const DOTS_AND_TAGS_PROVIDERS: readonly string[] = ['gmail.com', 'googlemail.com'];

/** Providers that deliver `name+anything@` to `name@` (subaddressing) but keep dots. */
export const TAG_PROVIDERS: readonly string[] = [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'zoho.com',
  'hey.com',
];

const dotsAndTags = new Set(DOTS_AND_TAGS_PROVIDERS);
const tags = new Set(TAG_PROVIDERS);

function split(address: string): { local: string; domain: string } | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * The mailbox an address reaches: lower-cased and trimmed; at the providers above without its
 * `+tag`, and at Gmail without dots too (googlemail.com read as gmail.com). A local part that
 * would become empty stays as it was.
 */
export function canonicalEmail(email: string): string {
  const address = normalizeEmail(email);
  const parts = split(address);
  if (!parts) return address;
  let { local, domain } = parts;
  if (dotsAndTags.has(domain) || tags.has(domain)) {
    const untagged = local.split('+')[0]!;
    if (untagged !== '') local = untagged;
  }
  if (dotsAndTags.has(domain)) {
    const undotted = local.replaceAll('.', '');
    if (undotted !== '') local = undotted;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Which of the rules above makes two addresses at this one's provider the same mailbox. */
export function sameMailboxKind(email: string): 'dotsAndTags' | 'tags' | 'case' {
  const domain = split(normalizeEmail(email))?.domain ?? '';
  if (dotsAndTags.has(domain)) return 'dotsAndTags';
  if (tags.has(domain)) return 'tags';
  return 'case';
}

/** What the 409 of a taken mailbox says about the address's provider. */
export function sameMailboxRule(email: string): string {
  const kind = sameMailboxKind(email);
  if (kind === 'dotsAndTags') {
    return 'addresses that differ only by dots or a +tag are the same mailbox at this provider';
  }
  if (kind === 'tags') {
    return 'addresses that differ only by a +tag are the same mailbox at this provider';
  }
  return 'addresses that differ only in upper and lower case are the same mailbox';
}

/** The issue a sign-up or change of address gets when the mailbox already has an account. */
export function mailboxTakenMessage(email: string): string {
  return `email: an account already exists for this address (${sameMailboxRule(email)})`;
}
