import { Link } from 'react-router-dom';
import type { ProductDto } from '@toolforge/contracts';
import { CATEGORY_LABELS } from './categories';
import { Stars } from '../reviews/Stars';
import { ProductFacts } from './ProductFacts';
import { AddToCartButton } from '../cart/AddToCartButton';
import { firstQuantity } from './ladder';
import { PriceLadder } from './PriceLadder';

/**
 * `headingLevel`: the card's name sits one level below the heading of the list it is in (h2 "Our
 * products" on the home page, h1 "All Products"), so screen-reader users can skim by heading.
 */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductDto; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card" aria-labelledby={`product-${product._id}`}>
      <div className="product-image">
        <img src={product.imageUrl} alt={product.name} loading="lazy" width="320" height="240" />
        <span className={`category-badge category-badge--${product.category}`}>{CATEGORY_LABELS[product.category]}</span>
      </div>
      <div className="product-body">
        <Heading id={`product-${product._id}`} className="product-name">
          {product.name}
        </Heading>
        <p className="product-model">Model {product.model}</p>
        <Stars rating={product} />
        <p className="product-description">{product.description}</p>
        <ProductFacts product={product} />
        <PriceLadder product={product} />
        <Link
          to={`/order/${encodeURIComponent(product._id)}`}
          className="button button--primary button--block"
          aria-label={`Order Now: ${product.name}`}
        >
          Order Now
        </Link>
        <AddToCartButton product={product} quantity={firstQuantity(product)} />
      </div>
    </article>
  );
}
