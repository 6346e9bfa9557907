import { CATALOGUE_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { productPictures } from './pictures.js';
import { catalogueRoutes } from './routes.js';

/** The catalogue's reads, and the products' pictures a client on another origin loads. */
export const catalogueQueries: QueryFeature = {
  tag: CATALOGUE_TAG,
  async routes(app, context) {
    await app.register(catalogueRoutes, context);
    await app.register(productPictures);
  },
};
