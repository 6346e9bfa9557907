import { DashboardLayout, type DashboardLink } from './DashboardLayout';

/** The admin's dashboard: its links, the profile's among them (routes.tsx). */
export default function AdminDashboard({ panels }: { panels: DashboardLink[] }) {
  return <DashboardLayout title="Admin dashboard" links={panels} />;
}
