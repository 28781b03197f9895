import { randomBytes } from 'node:crypto';

/** Lower-case ASCII words joined by hyphens; accents folded, everything else dropped. */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return base || 'untitled';
}

/** The contract's slug: from the name, with a unique suffix, fixed at creation. */
export function uniqueSlug(name: string): string {
  return `${slugBase(name)}-${randomBytes(4).toString('hex')}`;
}
