/**
 * Whether an address, as stored (normalized), is one plain mailbox a mail can go to. Anything a
 * mail library could read as several recipients, a display name or a comment (commas, angle
 * brackets, quotes, parentheses, spaces) is refused, so a sign-up with `a@x.org, b@y.org` cannot
 * make Cohort mail a second person.
 */
const MAILBOX = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,253}$/u;

export function isMailableAddress(address: string): boolean {
  if (address.length > 254 || !MAILBOX.test(address)) return false;
  const domain = address.slice(address.indexOf('@') + 1);
  return domain.split('.').every((label) => label.length > 0);
}
