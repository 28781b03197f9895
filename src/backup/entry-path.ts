/**
 * A path from an archive, as a safe relative path: refused when absolute or when it climbs out of
 * the folder it is restored into.
 */
export function safeEntryPath(path: string): string | undefined {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) {
    return undefined;
  }
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..')) return undefined;
  return parts.join('/');
}
