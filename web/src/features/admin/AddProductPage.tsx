import { useEffect } from 'react';
import { FIELD_LABELS, addProductSchema, messages } from '@toolforge/contracts';
import { CATEGORY_OPTIONS } from '../catalog/categories';
import { FormMessage } from '../forms/FormMessage';
import { SelectField } from '../forms/SelectField';
import { TextAreaField } from '../forms/TextAreaField';
import { TextField } from '../forms/TextField';
import { onSubmit } from '../forms/onSubmit';
import { useOpenedForm } from '../forms/useOpenedForm';
import { useSchemaForm } from '../forms/useSchemaForm';
import { adminFormsOpened, productAddRequested, selectAdmin } from './adminSlice';

const FIELD_NAMES = ['name', 'category', 'model', 'imageUrl', 'price', 'stock', 'minOrder', 'description'] as const;

export default function AddProductPage() {
  const [dispatch, { addProduct }] = useOpenedForm(selectAdmin, adminFormsOpened);
  const { register, handleSubmit, setError, errors } = useSchemaForm(addProductSchema, { category: undefined });

  // The server checks the same schema: put any field message it sent under its field.
  useEffect(() => {
    for (const field of FIELD_NAMES) {
      const message = addProduct.fieldErrors[field];
      if (message) setError(field, { message });
    }
  }, [addProduct.fieldErrors, setError]);

  return (
    <div className="dashboard-panel">
      <h2>Add Product</h2>
      <form className="product-form" noValidate onSubmit={onSubmit(handleSubmit((product) => dispatch(productAddRequested(product))))}>
        <TextField label={FIELD_LABELS.productName} error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Category"
          options={CATEGORY_OPTIONS}
          placeholder="Choose a category"
          error={errors.category?.message}
          {...register('category')}
        />
        <TextField label={FIELD_LABELS.model} error={errors.model?.message} {...register('model')} />
        <TextField
          label={FIELD_LABELS.imageUrl}
          hint="An https address or a path such as /images/products/claw-hammer.svg"
          error={errors.imageUrl?.message}
          {...register('imageUrl')}
        />
        <div className="field-row">
          <TextField label="Price ($)" inputMode="decimal" error={errors.price?.message} {...register('price')} />
          <TextField label="Stock" inputMode="numeric" error={errors.stock?.message} {...register('stock')} />
          <TextField label="Minimum order" inputMode="numeric" error={errors.minOrder?.message} {...register('minOrder')} />
        </div>
        <TextAreaField label={FIELD_LABELS.description} rows={5} error={errors.description?.message} {...register('description')} />
        <button type="submit" className="button button--primary" disabled={addProduct.pending}>
          Add Product
        </button>
      </form>
      {addProduct.pending && <FormMessage kind="progress">{messages.addProductInProgress}</FormMessage>}
      <FormMessage kind="error">{addProduct.error}</FormMessage>
    </div>
  );
}
