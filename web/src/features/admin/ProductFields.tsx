import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FIELD_LABELS } from '@toolforge/contracts';
import { CATEGORY_OPTIONS } from '../catalog/categories';
import { SelectField } from '../../components/forms/SelectField';
import { TextAreaField } from '../../components/forms/TextAreaField';
import { TextField } from '../../components/forms/TextField';

/** The fields Add Product and Edit Product share (the stock is Add Product's alone). */
export const PRODUCT_DETAIL_FIELDS = ['name', 'category', 'model', 'imageUrl', 'price', 'minOrder', 'packSize', 'description'] as const;
export type ProductDetailField = (typeof PRODUCT_DETAIL_FIELDS)[number];

/** A field's registration with its form and its message, however the form is typed. */
export type ProductFieldProps = UseFormRegisterReturn & { error?: string };

interface ProductFieldsProps {
  field: (name: ProductDetailField) => ProductFieldProps;
  /** Add Product's alone, beside the price. */
  stock?: ReactNode;
  /** The quantity ladder's editor, last. */
  ladder: ReactNode;
}

/** The product's fields, labelled as the spec names them, then the pack size and the quantity ladder. */
export function ProductFields({ field, stock, ladder }: ProductFieldsProps) {
  return (
    <>
      <TextField label={FIELD_LABELS.productName} {...field('name')} />
      <SelectField label="Category" options={CATEGORY_OPTIONS} placeholder="Choose a category" {...field('category')} />
      <TextField label={FIELD_LABELS.model} {...field('model')} />
      <TextField
        label={FIELD_LABELS.imageUrl}
        hint="An https address or a path such as /images/products/claw-hammer.svg"
        {...field('imageUrl')}
      />
      <div className="field-row">
        <TextField label="Price ($)" inputMode="decimal" {...field('price')} />
        {stock}
        <TextField label="Minimum order" inputMode="numeric" {...field('minOrder')} />
        <TextField label="Pack size" inputMode="numeric" hint="Sold in whole packs of this many" {...field('packSize')} />
      </div>
      <TextAreaField label={FIELD_LABELS.description} rows={5} {...field('description')} />
      {ladder}
    </>
  );
}
