import { useAppSelector } from '../../app/hooks';
import { DashboardLayout, type DashboardLink } from './DashboardLayout';

/** The customer's dashboard: its links, the profile's among them (routes.tsx), `:uid` in a link being the user's. */
export default function UserDashboard({ panels }: { panels: DashboardLink[] }) {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  return <DashboardLayout title="Dashboard" links={panels.map((link) => ({ ...link, to: link.to.replace(':uid', uid) }))} />;
}
