import { Link, useParams } from 'react-router-dom';
import { formatCents, messages, toCents, updateProductSchema, type ProductDto, type UpdateProductInput } from '@toolforge/contracts';
import { readErrorText } from '../../api/shopApi';
import { useProductQuery } from '../catalog/catalogApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { onSubmit } from '../../components/forms/onSubmit';
import { useOpenedForm } from '../../components/forms/useOpenedForm';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useServerFieldErrors } from '../../components/forms/useServerFieldErrors';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { StockHistory } from '../stockHistory/StockHistory';
import { adminFormsOpened, productEditRequested, selectAdmin } from './adminSlice';
import { PriceTierFields, ladderControl } from './PriceTierFields';
import { PRODUCT_DETAIL_FIELDS, ProductFields } from './ProductFields';

const FIELD_NAMES = [...PRODUCT_DETAIL_FIELDS, 'priceTiers'] as const;

/** The form starts from the product as the shop shows it; prices as the fields take them ("24.50"). */
function formValues(product: ProductDto): UpdateProductInput {
  return {
    name: product.name,
    category: product.category,
    model: product.model,
    imageUrl: product.imageUrl,
    price: formatCents(toCents(product.price) ?? 0),
    minOrder: String(product.minOrder),
    packSize: String(product.packSize),
    description: product.description,
    priceTiers: product.priceTiers.map(({ minQuantity, unitPrice }) => ({
      minQuantity: String(minQuantity),
      unitPrice: formatCents(toCents(unitPrice) ?? 0),
    })),
  };
}

function EditProductForm({ product }: { product: ProductDto }) {
  const [dispatch, { editProduct }] = useOpenedForm(selectAdmin, adminFormsOpened);
  const { register, control, handleSubmit, setError, errors } = useSchemaForm(updateProductSchema, formValues(product));
  useServerFieldErrors(FIELD_NAMES, editProduct.fieldErrors, setError);

  return (
    <>
      <form
        className="product-form"
        noValidate
        onSubmit={onSubmit(handleSubmit((changes) => dispatch(productEditRequested({ productId: product._id, product: changes }))))}
      >
        <ProductFields
          field={(name) => ({ ...register(name), error: errors[name]?.message })}
          ladder={<PriceTierFields control={ladderControl(control)} />}
        />
        <p className="field-hint">
          The stock ({product.stock}) changes by a restock or a write-off, from{' '}
          <Link to="/admindashboard/manageproducts">Manage Products</Link>.
        </p>
        <button type="submit" className="button button--primary" disabled={editProduct.pending}>
          Save changes
        </button>
      </form>
      {editProduct.pending && <FormMessage kind="progress">{messages.addProductInProgress}</FormMessage>}
      <FormMessage kind="error">{editProduct.error}</FormMessage>
    </>
  );
}

/** /admindashboard/editproduct/{id}: Add Product's fields but the stock, filled in with the product's own (docs/architecture.md#9-the-products-rules). */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const product = useProductQuery(id);
  return (
    <div className="dashboard-panel">
      <h2>Edit Product</h2>
      {product.isLoading && <LoadingScreen label="Loading product..." />}
      {product.isError && (
        <FormMessage kind="error">
          {messages.productLoadFailed} {readErrorText(product.error)}
        </FormMessage>
      )}
      {/* Keyed by product: another product's edit starts from its own values. */}
      {product.data && <EditProductForm key={product.data._id} product={product.data} />}
      {product.data && <StockHistory productId={product.data._id} />}
    </div>
  );
}
