import { readModelFeature } from '../feature.js';
import { CATALOGUE_AREA, PRODUCT_COUNTS_AREA, catalogueHotAnswers } from './answers.js';
import { sqlCatalogueReader } from './productReads.js';
import { projectProductEvent } from './projection.js';
import { CATALOGUE_TABLES } from './tables.js';
import { catalogueWrites } from './writes.js';

/** The catalogue in the read model: products as added and edited, their stock, and the lists and counts of them. */
export const catalogueReadModel = readModelFeature({
  name: 'catalogue',
  events: ['ProductAdded', 'ProductDeleted', 'ProductUpdated', 'StockAdjusted'],
  project: projectProductEvent,
  writes: catalogueWrites,
  tables: CATALOGUE_TABLES,
  cacheAreas: { catalogue: CATALOGUE_AREA, productCounts: PRODUCT_COUNTS_AREA },
  reads: sqlCatalogueReader,
  hotAnswers: catalogueHotAnswers,
});
