export * from './app.js';
export { readAfterPositions } from './http/readAfter.js';
export * from './readModel.js';
export { CATALOGUE_AREA, PRODUCT_COUNTS_AREA, catalogueHotAnswers, catalogueKeys, catalogueReads } from './catalog/answers.js';
export { PICTURES_PATH } from './catalog/pictures.js';
export { sqlCatalogueReader, type CatalogueReader, type ProductView } from './catalog/productReads.js';
export { ORDERS_AREA } from './orders/answers.js';
export type { OrderView } from './orders/orderReads.js';
export { REVIEWS_AREA } from './reviews/answers.js';
