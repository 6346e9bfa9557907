import type { ProductDto } from '@toolforge/contracts';
import { CATEGORY_LABELS } from '../catalog/categories';
import { formatPrice } from '../catalog/price';

export function ProductDetail({ product }: { product: ProductDto }) {
  return (
    <article className="product-detail">
      <img src={product.imageUrl} alt={product.name} width="480" height="360" />
      <div>
        <p className="eyebrow">{CATEGORY_LABELS[product.category]}</p>
        <h1>{product.name}</h1>
        <p className="product-model">Model {product.model}</p>
        <p>{product.description}</p>
        <dl className="product-facts product-facts--large">
          <div>
            <dt>Unit price</dt>
            <dd className="price">{formatPrice(product.price)}</dd>
          </div>
          <div>
            <dt>In stock</dt>
            <dd>{product.stock}</dd>
          </div>
          <div>
            <dt>Minimum order</dt>
            <dd>{product.minOrder}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
