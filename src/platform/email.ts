/** Addresses compare without case or surrounding spaces: people type them however they like. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
