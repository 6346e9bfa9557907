import { Link } from 'react-router-dom';
import type { ProductDto } from '@toolforge/contracts';
import { CATEGORY_LABELS } from './categories';
import { Stars } from '../reviews/Stars';
import { ProductFacts } from './ProductFacts';

export function ProductCard({ product }: { product: ProductDto }) {
  return (
    <article className="product-card" aria-labelledby={`product-${product._id}`}>
      <div className="product-image">
        <img src={product.imageUrl} alt={product.name} loading="lazy" width="320" height="240" />
        <span className={`category-badge category-badge--${product.category}`}>{CATEGORY_LABELS[product.category]}</span>
      </div>
      <div className="product-body">
        <h3 id={`product-${product._id}`}>{product.name}</h3>
        <p className="product-model">Model {product.model}</p>
        <Stars rating={product} />
        <p className="product-description">{product.description}</p>
        <ProductFacts product={product} />
        <Link
          to={`/order/${encodeURIComponent(product._id)}`}
          className="button button--primary button--block"
          aria-label={`Order Now: ${product.name}`}
        >
          Order Now
        </Link>
      </div>
    </article>
  );
}
