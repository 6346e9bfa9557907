import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';

interface FormDialogProps {
  title: string;
  /** The submit button's text: what the form does ("Cancel order", "Restock"). */
  submitLabel: string;
  /** The button that closes without doing anything. */
  closeLabel?: string;
  /** A destructive action's submit button is red, like ConfirmDialog's. */
  danger?: boolean;
  busy?: boolean;
  /** What the dialog asks about, before its fields: read out with its title when it opens. */
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Tab and Shift+Tab go round the dialog's own controls: the page behind a modal is out of reach
 * until it closes.
 */
function keepFocusInside(event: ReactKeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal form: Escape or the close button says no. Focus starts on the first field (the dialog
 * exists to be filled in), stays inside while it is open, and goes back to the control that opened
 * it, so a keyboard user is not sent back to the top of the page.
 */
export function FormDialog({
  title,
  submitLabel,
  closeLabel = 'Close',
  danger = false,
  busy = false,
  description,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => opener?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={keepFocusInside}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="dialog-description">
            {description}
          </div>
        )}
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          {children}
          {/*
            A press on a button keeps the focus where it is: the field's blur would check it (forms check on
            blur) and show or clear its error line, moving the buttons before the press ends, so that the
            click would miss. Submitting checks every field anyway; a keyboard still reaches the buttons.
          */}
          <div className="dialog-actions" onMouseDown={(event) => event.preventDefault()}>
            <button type="button" className="button" onClick={onClose}>
              {closeLabel}
            </button>
            <button type="submit" className={danger ? 'button button--danger' : 'button button--primary'} disabled={busy}>
              {submitLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
