import { FormMessage } from '../forms/FormMessage';
import { LoadingScreen } from '../layout/LoadingScreen';
import { PageSizeSelect } from '../pagination/PageSizeSelect';
import { Pagination } from '../pagination/Pagination';
import { ProductCard } from './ProductCard';
import { useProductList } from './useProductList';

export default function AllProductsPage() {
  const list = useProductList('allProducts');
  return (
    <section className="container catalogue">
      <header className="section-header catalogue-header">
        <div>
          <h1>All Products</h1>
          <p>{list.total > 0 ? `${list.total} tools from our three units` : 'Tools from our three units'}</p>
        </div>
        <PageSizeSelect size={list.size} onSizeChange={list.chooseSize} label="Products per page" />
      </header>
      <FormMessage kind="error">{list.countError ?? list.productsError}</FormMessage>
      {list.loading ? (
        <LoadingScreen label="Loading products..." />
      ) : (
        <div className="product-grid">
          {list.products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} onPageChange={list.choosePage} label="Product pages" />
    </section>
  );
}
