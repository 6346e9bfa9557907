import { NavLink, Outlet } from 'react-router-dom';

export interface DashboardLink {
  to: string;
  label: string;
}

/** A dashboard: side links and the chosen panel (docs/architecture.md#9-the-products-rules). */
export function DashboardLayout({ title, links }: { title: string; links: DashboardLink[] }) {
  return (
    <section className="container dashboard">
      <aside className="dashboard-side">
        <h1>{title}</h1>
        <nav aria-label={title}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="dashboard-content">
        <Outlet />
      </div>
    </section>
  );
}
