import { useAppSelector } from '../../app/hooks';
import { DashboardLayout } from './DashboardLayout';

export default function UserDashboard() {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  return (
    <DashboardLayout
      title="Dashboard"
      links={[
        { to: '/userdashboard/profile', label: 'My Profile' },
        { to: `/userdashboard/orders/${uid}`, label: 'My Orders' },
        { to: '/userdashboard/addreview', label: 'Add Review' },
      ]}
    />
  );
}
