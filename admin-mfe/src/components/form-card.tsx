import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from '@thalir/ui';
import './form-card.css';

export interface FormCardProps {
  title: string;
  /** The Close button's accessible name, e.g. "Close the offer form". */
  closeLabel: string;
  /** While saving, Close and Escape wait. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's text, and its text while saving. */
  submitLabel: string;
  busyLabel: string;
  /** The form's own class, for its layout. */
  className: string;
  children: ReactNode;
}

/**
 * A back-office form in a card above its list: titled, closed by its button or Escape, and focused on
 * its title as it opens, so keyboard and screen-reader users land in it.
 */
export function FormCard({ title, closeLabel, submitLabel, busyLabel, busy, onClose, onSubmit, className, children }: FormCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = `${useId()}-title`;
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      className={`card form-card-admin ${className}`}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onClose();
      }}
    >
      <div className="form-card-admin__header">
        <h2 id={titleId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={busy} aria-label={closeLabel}>
          Close
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        {children}
        <div className="form-card-admin__actions">
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
