import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsCustomer } from '../auth/selectors';
import { cartLineAddRequested, selectCartChanging } from './cartSlice';

type CartProduct = { _id: string; name: string };

/**
 * "Add to cart" of a product: offered to a signed-in customer (an admin has no cart), busy while the
 * product's line is changing, and `add(quantity)` puts that many more in the cart.
 */
export function useAddToCart(product: CartProduct) {
  const dispatch = useAppDispatch();
  const offered = useAppSelector(selectIsCustomer);
  const busy = useAppSelector((state) => selectCartChanging(state).includes(product._id));
  const add = (quantity: number) => dispatch(cartLineAddRequested({ productId: product._id, productName: product.name, quantity }));
  return { offered, busy, add };
}

/** A product card's "Add to cart": `quantity` of the product, the least a customer may order of it. */
export function AddToCartButton({ product, quantity }: { product: CartProduct; quantity: number }) {
  const { offered, busy, add } = useAddToCart(product);
  if (!offered) return null;
  return (
    <button
      type="button"
      className="button button--block"
      aria-label={`Add to cart: ${product.name}`}
      disabled={busy}
      onClick={() => add(quantity)}
    >
      Add to cart
    </button>
  );
}
