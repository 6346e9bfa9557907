import { useId, type InputHTMLAttributes, type Ref } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
  /** For a field whose purpose its surroundings show (a table's column): the label is for screen readers only. */
  labelHidden?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its validation message below it, announced to screen readers. */
export function TextField({ label, error, hint, labelHidden = false, id, ...input }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
