import type { ProductDto } from '@toolforge/contracts';
import { CATEGORY_LABELS } from '../catalog/categories';
import { PriceLadder } from '../catalog/PriceLadder';
import { ProductFacts } from '../catalog/ProductFacts';
import { Stars } from '../reviews/Stars';

export function ProductDetail({ product }: { product: ProductDto }) {
  return (
    <article className="product-detail">
      <img src={product.imageUrl} alt={product.name} width="480" height="360" />
      <div>
        <p className="eyebrow">{CATEGORY_LABELS[product.category]}</p>
        <h1>{product.name}</h1>
        <p className="product-model">Model {product.model}</p>
        <Stars rating={product} />
        <p>{product.description}</p>
        <ProductFacts product={product} large />
        <PriceLadder product={product} />
      </div>
    </article>
  );
}
