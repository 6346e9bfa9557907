/** Who looks at an order: an admin moves it along; its customer may only cancel it while pending (docs/architecture.md#9-the-products-rules). */
export type OrderViewer = 'admin' | 'customer';

const DASHBOARD_OF: Record<OrderViewer, string> = { admin: '/admindashboard', customer: '/userdashboard' };

/** An order's timeline, inside the viewer's own dashboard. */
export const orderHistoryPath = (viewer: OrderViewer, orderId: string) =>
  `${DASHBOARD_OF[viewer]}/orderhistory/${encodeURIComponent(orderId)}`;
