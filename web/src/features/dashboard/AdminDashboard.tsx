import { DashboardLayout, type DashboardLink } from './DashboardLayout';

/** The admin's dashboard: the profile, then the features' panels (routes.tsx). */
export default function AdminDashboard({ panels }: { panels: DashboardLink[] }) {
  return <DashboardLayout title="Admin dashboard" links={[{ to: '/admindashboard/profile', label: 'My Profile' }, ...panels]} />;
}
