import { embeddedStack } from '../test/stacks.js';
import { describeCatalogueQueries } from '../catalog/routes.suite.js';
import { describeHotAnswers } from '../catalog/hotAnswers.suite.js';
import { describeCachedAnswers } from './cachedAnswers.suite.js';
import { describeOrderHistory } from '../orders/history.suite.js';
import { describeOrderQueries } from '../orders/routes.suite.js';
import { describeReadAfter } from './readAfter.suite.js';
import { describeReviewQueries } from '../reviews/routes.suite.js';
import { describeCartQueries } from '../cart/routes.suite.js';

describeCatalogueQueries(embeddedStack);
describeOrderQueries(embeddedStack);
describeOrderHistory(embeddedStack);
describeReadAfter(embeddedStack);
describeHotAnswers(embeddedStack);
describeCachedAnswers(embeddedStack);
describeReviewQueries(embeddedStack);
describeCartQueries(embeddedStack);
