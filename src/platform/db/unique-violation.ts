/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true;
  // 2067 is SQLITE_CONSTRAINT_UNIQUE, 1555 SQLITE_CONSTRAINT_PRIMARYKEY.
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed');
}
