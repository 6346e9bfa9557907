import { aboutFeature } from '../features/about';
import { adminFeature } from '../features/admin';
import { authFeature } from '../features/auth';
import { blogFeature } from '../features/blog';
import { cartFeature } from '../features/cart';
import { catalogFeature } from '../features/catalog';
import { deadLettersFeature } from '../features/deadLetters';
import { documentsFeature } from '../features/documents';
import { homeFeature } from '../features/home';
import { orderLifecycleFeature } from '../features/orderLifecycle';
import { operatorConsoleFeature } from '../features/operatorConsole';
import { ordersFeature } from '../features/orders';
import { paymentsFeature } from '../features/payments';
import { privacyFeature } from '../features/privacy';
import { profileFeature } from '../features/profile';
import { reviewsFeature } from '../features/reviews';
import { salesFeature } from '../features/sales';
import { stockHistoryFeature } from '../features/stockHistory';

/**
 * The shop's features, each registered once (its `index`): the store takes their slices, the root saga
 * spawns their flows in this order, the routes place their pages. Adding a feature is its entry here, with its import.
 */
export const shopFeatures = [
  authFeature,
  ordersFeature,
  cartFeature,
  orderLifecycleFeature,
  paymentsFeature,
  documentsFeature,
  adminFeature,
  stockHistoryFeature,
  operatorConsoleFeature,
  reviewsFeature,
  catalogFeature,
  homeFeature,
  blogFeature,
  aboutFeature,
  profileFeature,
  privacyFeature,
  deadLettersFeature,
  salesFeature,
] as const;
