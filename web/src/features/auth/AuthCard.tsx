import type { ReactNode } from 'react';

/** The framed panel the login, register and reset forms sit in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1>{title}</h1>
        {intro && <p className="auth-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
