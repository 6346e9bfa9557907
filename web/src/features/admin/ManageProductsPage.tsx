import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, type ProductDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CATEGORY_LABELS } from '../catalog/categories';
import { PagedProducts } from '../catalog/PagedProducts';
import { formatPrice } from '../catalog/price';
import { useProductList } from '../catalog/useProductList';
import { PageSizeSelect } from '../../components/pagination/PageSizeSelect';
import { ACTIONS_COLUMN, DataTable } from '../../components/table/DataTable';
import { productDeleteRequested, restockOpened, selectAdmin } from './adminSlice';
import { ConfirmDialog } from './ConfirmDialog';
import { RestockDialog } from './RestockDialog';

/**
 * Manage Products: the paginated catalogue; each product may be edited, restocked (or written off)
 * in a dialog, or deleted behind a confirm dialog (docs/architecture.md#9-the-products-rules).
 */
export default function ManageProductsPage() {
  const dispatch = useAppDispatch();
  const list = useProductList('manageProducts');
  const { deleting, restock } = useAppSelector(selectAdmin);
  const restocking = list.products.find((product) => product._id === restock.productId);
  const [asking, setAsking] = useState<ProductDto | null>(null);
  const cancel = useCallback(() => setAsking(null), []);

  return (
    <div className="dashboard-panel">
      <header className="panel-header">
        <h2>Manage Products</h2>
        <PageSizeSelect size={list.size} onSizeChange={list.chooseSize} label="Products per page" />
      </header>
      <PagedProducts list={list}>
        <DataTable
          caption="Products in the catalogue"
          columns={['Product', 'Category', 'Model', 'Price', 'Stock', 'Min. order', ACTIONS_COLUMN]}
        >
          {list.products.map((product) => (
            <tr key={product._id}>
              <td data-label="Product" className="cell-long">
                <span className="product-cell">
                  <img src={product.imageUrl} alt="" width="48" height="36" />
                  {product.name}
                </span>
              </td>
              <td data-label="Category">{CATEGORY_LABELS[product.category]}</td>
              <td data-label="Model" className="cell-long">
                {product.model}
              </td>
              <td data-label="Price">{formatPrice(product.price)}</td>
              <td data-label="Stock">{product.stock}</td>
              <td data-label="Min. order">{product.minOrder}</td>
              <td className="cell-actions">
                <div className="row-actions">
                  <Link
                    className="button button--small"
                    to={`/admindashboard/editproduct/${encodeURIComponent(product._id)}`}
                    aria-label={`Edit ${product.name}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Restock ${product.name}`}
                    onClick={() => dispatch(restockOpened(product._id))}
                  >
                    Restock
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`Delete ${product.name}`}
                    disabled={deleting.includes(product._id)}
                    onClick={() => setAsking(product)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedProducts>
      {restocking && <RestockDialog product={restocking} />}
      {asking && (
        <ConfirmDialog
          message={messages.confirmDelete}
          confirmLabel="Delete"
          onCancel={cancel}
          onConfirm={() => {
            dispatch(productDeleteRequested({ productId: asking._id, name: asking.name }));
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
