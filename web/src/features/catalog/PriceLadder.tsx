import { formatTier, type ProductDto } from '@toolforge/contracts';
import { packText, pricesOf } from './ladder';

/** A product's quantity ladder ("10+ $42.00 each", one step a line) and its pack size; nothing for a product without either. */
export function PriceLadder({ product }: { product: Pick<ProductDto, 'name' | 'price' | 'priceTiers' | 'packSize'> }) {
  const { priceTiers } = pricesOf(product);
  const pack = packText(product.packSize);
  if (priceTiers.length === 0 && !pack) return null;
  return (
    <div className="price-ladder">
      {pack && <p className="pack-size">{pack}</p>}
      {priceTiers.length > 0 && (
        <ul aria-label={`Volume prices of ${product.name}`}>
          {priceTiers.map((tier) => (
            <li key={tier.minQuantity}>{formatTier(tier)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
