import { embeddedStack } from '../test/stacks.js';
import { describeCatalogueQueries } from './catalogueRoutes.suite.js';
import { describeHotAnswers } from './hotAnswers.suite.js';
import { describeOrderQueries } from './orderRoutes.suite.js';
import { describeReadAfter } from './readAfter.suite.js';

describeCatalogueQueries(embeddedStack);
describeOrderQueries(embeddedStack);
describeReadAfter(embeddedStack);
describeHotAnswers(embeddedStack);
