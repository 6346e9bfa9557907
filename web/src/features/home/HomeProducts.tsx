import { readErrorText } from '../../api/shopApi';
import { useHomeProductsQuery } from '../catalog/catalogApi';
import { ProductCard } from '../catalog/ProductCard';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';

/** The sample of products on the home page; a failed load shows its message (docs/architecture.md#9-the-products-rules). */
export function HomeProducts() {
  const products = useHomeProductsQuery();
  if (products.isLoading) return <LoadingScreen label="Loading products..." />;
  if (products.isError) return <FormMessage kind="error">{readErrorText(products.error)}</FormMessage>;
  return (
    <div className="product-grid product-grid--home">
      {(products.data ?? []).map((product) => (
        <ProductCard key={product._id} product={product} />
      ))}
    </div>
  );
}
