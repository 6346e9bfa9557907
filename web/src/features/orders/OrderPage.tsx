import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fromCents, messages } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { useProductQuery } from '../catalog/catalogApi';
import { pricesOf } from '../catalog/ladder';
import { useAddToCart } from '../cart/AddToCartButton';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { orderConfirmed, orderFormOpened, selectOrderPlacement } from './orderSlice';
import { OUT_OF_STOCK } from './orderTexts';
import { OrderSummaryTable } from './OrderSummaryTable';
import { summarizeOrder, type OrderSummary } from './orderSummary';
import { ProductDetail } from './ProductDetail';
import { QuantityStep } from './QuantityStep';
import { ShippingStep } from './ShippingStep';

/** /order/{id}: the product, the quantity (Proceed → summary), the address (Confirm Order) (docs/architecture.md#9-the-products-rules). */
export default function OrderPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const product = useProductQuery(id);
  const placement = useAppSelector(selectOrderPlacement);
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  const cart = useAddToCart({ _id: id, name: product.data?.name ?? '' });

  useEffect(() => {
    dispatch(orderFormOpened());
  }, [dispatch, id]);

  if (product.isLoading) return <LoadingScreen label="Loading product..." />;
  if (product.isError || !product.data) {
    return (
      <section className="container narrow">
        <FormMessage kind="error">
          {messages.productLoadFailed} {readErrorText(product.error)}
        </FormMessage>
      </section>
    );
  }
  const item = product.data;
  const orderable = item.stock >= item.minOrder;

  return (
    <section className="container order-page">
      <ProductDetail product={item} />
      <div className="order-panel">
        <h2>Place your order</h2>
        {orderable ? (
          <QuantityStep
            product={item}
            onProceed={(quantity) => setSummary(summarizeOrder(pricesOf(item), quantity))}
            {...(cart.offered && { addToCart: cart })}
          />
        ) : (
          <FormMessage kind="error">{OUT_OF_STOCK}</FormMessage>
        )}
        {summary && (
          <>
            <OrderSummaryTable summary={summary} productName={item.name} />
            <ShippingStep
              busy={placement.status === 'placing'}
              onConfirm={(shippingAddress) =>
                dispatch(
                  orderConfirmed({
                    productId: item.productId,
                    productName: item.name,
                    // The unit price the quantity reaches on the ladder: the total is the server's.
                    unitPrice: fromCents(summary.unitPriceCents),
                    orderQuantity: summary.quantity,
                    shippingAddress,
                  }),
                )
              }
            />
          </>
        )}
        {placement.status === 'placing' && <FormMessage kind="progress">{messages.orderInProgress}</FormMessage>}
        {placement.status === 'failed' && <FormMessage kind="error">{placement.error}</FormMessage>}
      </div>
    </section>
  );
}
