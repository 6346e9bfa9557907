import { DashboardLayout } from './DashboardLayout';

export default function AdminDashboard() {
  return (
    <DashboardLayout
      title="Admin dashboard"
      links={[
        { to: '/admindashboard/profile', label: 'My Profile' },
        { to: '/admindashboard/manageorders', label: 'Manage Orders' },
        { to: '/admindashboard/addproduct', label: 'Add Product' },
        { to: '/admindashboard/makeadmin', label: 'Make Admin' },
        { to: '/admindashboard/manageproducts', label: 'Manage Products' },
      ]}
    />
  );
}
