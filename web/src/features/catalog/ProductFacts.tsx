import type { ProductDto } from '@toolforge/contracts';
import { formatPrice } from './price';

/** Price, stock and minimum order of a product: the card's short labels, or the detail page's long ones. */
export function ProductFacts({ product, large = false }: { product: ProductDto; large?: boolean }) {
  return (
    <dl className={large ? 'product-facts product-facts--large' : 'product-facts'}>
      <div>
        <dt>{large ? 'Unit price' : 'Price'}</dt>
        <dd className="price">{formatPrice(product.price)}</dd>
      </div>
      <div>
        <dt>In stock</dt>
        <dd>{product.stock}</dd>
      </div>
      <div>
        <dt>{large ? 'Minimum order' : 'Min. order'}</dt>
        <dd>{product.minOrder}</dd>
      </div>
    </dl>
  );
}
