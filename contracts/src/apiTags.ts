/**
 * A group of routes in the API description (an OpenAPI tag): a feature's name and what its routes
 * are for. A feature declares its own and hands it to platform's `documented({ tag })`; the
 * description lists the tags its routes carry.
 */
export interface ApiTag {
  readonly name: string;
  readonly description: string;
}

// The features both sides serve routes of (commands on one, reads on the other), each described
// once here, where both import it. A new feature declares its tag with its own names: in its
// folder of contracts when both sides serve it, else in its folder of the one side that does.

export const CATALOGUE_TAG: ApiTag = {
  name: 'Catalogue',
  description: 'The products: the catalogue the shoppers browse, and its editing by admins.',
};

export const ORDERS_TAG: ApiTag = {
  name: 'Orders',
  description: 'Placing orders, their lifecycle, and reading them back.',
};

export const REVIEWS_TAG: ApiTag = {
  name: 'Reviews',
  description: 'Verified reviews: posted by customers whose order of the product was delivered, removed by admins.',
};

export const PRIVACY_TAG: ApiTag = {
  name: 'Your data',
  description: 'A customer’s right of access (everything the shop holds about them) and right to erasure (docs/privacy.md).',
};
