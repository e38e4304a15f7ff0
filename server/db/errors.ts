/** A unique index refused the write (PostgreSQL 23505): two saves raced, the index decided. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
