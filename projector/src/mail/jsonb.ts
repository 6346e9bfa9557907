/** jsonb as the driver hands it: parsed (pg, PGlite) or, on some paths, text. */
export function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
