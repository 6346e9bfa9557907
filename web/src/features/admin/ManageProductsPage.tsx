import { useCallback, useState } from 'react';
import { messages, type ProductDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CATEGORY_LABELS } from '../catalog/categories';
import { PagedProducts } from '../catalog/PagedProducts';
import { formatPrice } from '../catalog/price';
import { useProductList } from '../catalog/useProductList';
import { PageSizeSelect } from '../pagination/PageSizeSelect';
import { productDeleteRequested, selectAdmin } from './adminSlice';
import { ConfirmDialog } from './ConfirmDialog';

/** Manage Products: the paginated catalogue with delete behind a confirm dialog (docs/architecture.md §9). */
export default function ManageProductsPage() {
  const dispatch = useAppDispatch();
  const list = useProductList('manageProducts');
  const deleting = useAppSelector(selectAdmin).deleting;
  const [asking, setAsking] = useState<ProductDto | null>(null);
  const cancel = useCallback(() => setAsking(null), []);

  return (
    <div className="dashboard-panel">
      <header className="panel-header">
        <h2>Manage Products</h2>
        <PageSizeSelect size={list.size} onSizeChange={list.chooseSize} label="Products per page" />
      </header>
      <PagedProducts list={list}>
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Products in the catalogue</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">Model</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Min. order</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.products.map((product) => (
                <tr key={product._id}>
                  <td data-label="Product">
                    <span className="product-cell">
                      <img src={product.imageUrl} alt="" width="48" height="36" />
                      {product.name}
                    </span>
                  </td>
                  <td data-label="Category">{CATEGORY_LABELS[product.category]}</td>
                  <td data-label="Model">{product.model}</td>
                  <td data-label="Price">{formatPrice(product.price)}</td>
                  <td data-label="Stock">{product.stock}</td>
                  <td data-label="Min. order">{product.minOrder}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={`Delete ${product.name}`}
                      disabled={deleting.includes(product._id)}
                      onClick={() => setAsking(product)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PagedProducts>
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
