import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cartMessages, messages } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { ACTIONS_COLUMN, DataTable } from '../../components/table/DataTable';
import { ShippingStep } from '../orders/ShippingStep';
import { useCartQuery } from './cartApi';
import { CartLineRow } from './CartLineRow';
import { cartOpened, checkoutConfirmed, selectCheckout } from './cartSlice';
import { CartTotals } from './CartTotals';

/** /cart: the customer's lines, what they come to as one order, and Checkout (the order page's address step). */
export default function CartPage() {
  const dispatch = useAppDispatch();
  const cart = useCartQuery();
  const checkout = useAppSelector(selectCheckout);
  const [checkingOut, setCheckingOut] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = cart.data?.lines ?? [];
  const shownLines = useRef(lines.length);

  useEffect(() => {
    dispatch(cartOpened());
  }, [dispatch]);

  useEffect(() => {
    // A removed line takes its Remove button with it: the focus goes on from the page's heading, not from the page's start.
    if (lines.length < shownLines.current && document.activeElement === document.body) heading.current?.focus();
    shownLines.current = lines.length;
  }, [lines.length]);

  return (
    <section className="container cart-page">
      <h1 ref={heading} tabIndex={-1}>
        Your Cart
      </h1>
      {cart.isLoading && <LoadingScreen label="Loading your cart..." />}
      {cart.isError && <FormMessage kind="error">{readErrorText(cart.error)}</FormMessage>}
      {cart.data && lines.length === 0 && (
        <p className="empty-state">
          {cartMessages.cartEmpty}. <Link to="/allproducts">Browse all products</Link>
        </p>
      )}
      {cart.data && lines.length > 0 && (
        <div className="cart-layout">
          <DataTable
            caption="Products in your cart"
            className="cart-table"
            columns={['Product', 'Unit price', 'Quantity', 'Line total', ACTIONS_COLUMN]}
          >
            {lines.map((line) => (
              <CartLineRow key={line.productId} line={line} />
            ))}
          </DataTable>
          <div className="order-panel">
            <h2>Order summary</h2>
            <CartTotals cart={cart.data} />
            {checkingOut ? (
              <ShippingStep
                focusOnShow
                busy={checkout.status === 'placing'}
                onConfirm={(shippingAddress) => dispatch(checkoutConfirmed({ shippingAddress }))}
              />
            ) : (
              <button type="button" className="button button--primary button--block" onClick={() => setCheckingOut(true)}>
                Checkout
              </button>
            )}
            {checkout.status === 'placing' && <FormMessage kind="progress">{messages.orderInProgress}</FormMessage>}
            {checkout.status === 'failed' && <FormMessage kind="error">{checkout.error}</FormMessage>}
          </div>
        </div>
      )}
    </section>
  );
}
