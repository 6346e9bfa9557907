import type { ReactNode } from 'react';

/** A message for the whole form: progress ("Logging in...") or a failure from a server. */
export function FormMessage({ kind, children }: { kind: 'progress' | 'error' | 'success'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
