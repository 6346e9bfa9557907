import { useEffect } from 'react';

/**
 * The server checks the same schema as the form: put each field message it sent under its field.
 * `setError` is react-hook-form's, for a form that has every one of `fields`.
 */
export function useServerFieldErrors<Field extends string>(
  fields: readonly Field[],
  fieldErrors: Record<string, string>,
  setError: (field: Field, error: { message: string }) => void,
) {
  useEffect(() => {
    for (const field of fields) {
      const message = fieldErrors[field];
      if (message) setError(field, { message });
    }
  }, [fields, fieldErrors, setError]);
}
