import { PageSizeSelect } from '../pagination/PageSizeSelect';
import { PagedProducts } from './PagedProducts';
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
      <PagedProducts list={list}>
        <div className="product-grid">
          {list.products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      </PagedProducts>
    </section>
  );
}
