import { addProductSchema, messages } from '@toolforge/contracts';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useOpenedForm } from '../../components/forms/useOpenedForm';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useServerFieldErrors } from '../../components/forms/useServerFieldErrors';
import { adminFormsOpened, productAddRequested, selectAdmin } from './adminSlice';
import { PriceTierFields, ladderControl } from './PriceTierFields';
import { PRODUCT_DETAIL_FIELDS, ProductFields } from './ProductFields';

const FIELD_NAMES = [...PRODUCT_DETAIL_FIELDS, 'stock', 'priceTiers'] as const;

export default function AddProductPage() {
  const [dispatch, { addProduct }] = useOpenedForm(selectAdmin, adminFormsOpened);
  // A new product is sold one at a time, at its price, until the admin says otherwise.
  const { register, control, handleSubmit, setError, errors } = useSchemaForm(addProductSchema, {
    category: undefined,
    packSize: '1',
    priceTiers: [],
  });
  useServerFieldErrors(FIELD_NAMES, addProduct.fieldErrors, setError);

  return (
    <div className="dashboard-panel">
      <h2>Add Product</h2>
      <form className="product-form" noValidate onSubmit={onSubmit(handleSubmit((product) => dispatch(productAddRequested(product))))}>
        <ProductFields
          field={(name) => ({ ...register(name), error: errors[name]?.message })}
          stock={<TextField label="Stock" inputMode="numeric" error={errors.stock?.message} {...register('stock')} />}
          ladder={<PriceTierFields control={ladderControl(control)} />}
        />
        <button type="submit" className="button button--primary" disabled={addProduct.pending}>
          Add Product
        </button>
      </form>
      {addProduct.pending && <FormMessage kind="progress">{messages.addProductInProgress}</FormMessage>}
      <FormMessage kind="error">{addProduct.error}</FormMessage>
    </div>
  );
}
