import { useRef } from 'react';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import { MAX_PRICE_TIERS } from '@toolforge/contracts';
import { TextField } from '../../components/forms/TextField';

/** What the ladder editor needs of a product form: Add Product's and Edit Product's both name the ladder `priceTiers`. */
export interface LadderForm {
  priceTiers?: { minQuantity: string | number; unitPrice: string | number }[] | undefined;
}

/**
 * A product form's control as the ladder editor's. The two forms differ elsewhere (Add Product has
 * the stock) and react-hook-form's Control is invariant in its form's type, so the narrowing to the
 * one field the editor touches is said once, here.
 */
export const ladderControl = <Form extends LadderForm, Output>(control: Control<Form, unknown, Output>) =>
  control as unknown as Control<LadderForm>;

/**
 * The product's quantity ladder: a row per step (from which quantity, at what price each), added and
 * removed with buttons. The form's schema checks the steps (contracts' ladder rules): a step's own
 * messages go under its fields, the ladder's as a whole below the rows.
 */
export function PriceTierFields({ control }: { control: Control<LadderForm> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' });
  const { errors } = useFormState({ control, name: 'priceTiers' });
  const addButton = useRef<HTMLButtonElement>(null);
  const tierErrors = errors.priceTiers;
  const ladderError = tierErrors?.root?.message ?? tierErrors?.message;
  return (
    <fieldset className="ladder-editor">
      <legend>Price tiers</legend>
      <p className="field-hint">
        From a quantity on, each unit costs less: quantities above the minimum order, in whole packs; prices falling from tier to tier.
      </p>
      {fields.map((row, index) => (
        <div className="ladder-row" key={row.id}>
          <TextField
            label={`Tier ${index + 1} minimum quantity`}
            inputMode="numeric"
            error={tierErrors?.[index]?.minQuantity?.message}
            {...control.register(`priceTiers.${index}.minQuantity`)}
          />
          <TextField
            label={`Tier ${index + 1} price each ($)`}
            inputMode="decimal"
            error={tierErrors?.[index]?.unitPrice?.message}
            {...control.register(`priceTiers.${index}.unitPrice`)}
          />
          <button
            type="button"
            className="button button--small"
            aria-label={`Remove tier ${index + 1}`}
            onClick={() => {
              remove(index);
              // The button is gone with its row: the focus goes on from the ladder's own button.
              addButton.current?.focus();
            }}
          >
            Remove
          </button>
        </div>
      ))}
      {ladderError && (
        <p className="field-error" role="alert">
          {ladderError}
        </p>
      )}
      <button
        ref={addButton}
        type="button"
        className="button button--small"
        disabled={fields.length >= MAX_PRICE_TIERS}
        onClick={() => append({ minQuantity: '', unitPrice: '' })}
      >
        Add price tier
      </button>
    </fieldset>
  );
}
