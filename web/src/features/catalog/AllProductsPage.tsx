import { PageSizeSelect } from '../../components/pagination/PageSizeSelect';
import { CatalogueControls } from './CatalogueControls';
import { CATEGORY_LABELS } from './categories';
import { filterKey, filterOf, type CatalogueView } from './catalogueView';
import { PagedProducts } from './PagedProducts';
import { ProductCard } from './ProductCard';
import { useCatalogueView } from './useCatalogueView';
import { useProductList } from './useProductList';

/** What an empty filtered list says it looked for: the text as the customer typed it. */
function noMatch({ category, text }: Pick<CatalogueView, 'category' | 'text'>): string {
  const where = category ? ` in ${CATEGORY_LABELS[category]}` : '';
  const q = text.trim();
  return q ? `No products match “${q}”${where}.` : `No products${where}.`;
}

const matching = (count: number) => (count === 1 ? 'matching tool' : 'matching tools');

/** The catalogue, searched, filtered and sorted as the address says (useCatalogueView). */
export default function AllProductsPage() {
  const controls = useCatalogueView();
  const filter = filterOf(controls.view);
  const list = useProductList('allProducts', { filter, sort: controls.view.sort });
  const filtered = filterKey(filter) !== '';
  const empty = !list.loading && !list.fetching && list.total === 0 && list.products.length === 0;
  return (
    <section className="container catalogue">
      <header className="section-header catalogue-header">
        <div>
          <h1>All Products</h1>
          <p>
            {list.total > 0
              ? `${list.total} ${filtered ? matching(list.total) : 'tools from our three units'}`
              : 'Tools from our three units'}
          </p>
        </div>
        <PageSizeSelect size={list.size} onSizeChange={list.chooseSize} label="Products per page" />
      </header>
      <CatalogueControls controls={controls} />
      <PagedProducts list={list}>
        {empty && !list.countError && !list.productsError && (
          <p className="empty-state">{filtered ? noMatch(controls.view) : 'No products yet.'}</p>
        )}
        <div className="product-grid">
          {list.products.map((product) => (
            <ProductCard key={product._id} product={product} headingLevel={2} />
          ))}
        </div>
      </PagedProducts>
    </section>
  );
}
