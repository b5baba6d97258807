import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@thalir/ui';
import type { OrderQuote } from '../hooks/use-order-quote';
import './offers.css';

type OfferCodeFieldProps = Pick<OrderQuote, 'appliedCode' | 'checkingCode' | 'outcome' | 'applyCode' | 'removeCode'>;

/** Where the customer types an offer code; the server's word on it (applied or why not) shows below. */
export function OfferCodeField({ appliedCode, checkingCode, outcome, applyCode, removeCode }: OfferCodeFieldProps) {
  const id = useId();
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const messageId = `${id}-message`;
  const alreadyApplied = appliedCode !== null && typed.trim().toUpperCase() === appliedCode.toUpperCase();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() && !checkingCode && !alreadyApplied) applyCode(typed);
  };

  const remove = () => {
    removeCode();
    setTyped('');
    // The Remove button goes away with the code; the field is where the customer carries on.
    input.current?.focus();
  };

  return (
    <form className="offer-code" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`} className="offer-code__label">
        <Trans>Offer code</Trans>
      </label>
      <div className="offer-code__entry">
        <input
          id={`${id}-code`}
          ref={input}
          className="offer-code__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={outcome?.status === 'refused' ? true : undefined}
          aria-describedby={outcome ? messageId : undefined}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!typed.trim() || checkingCode || alreadyApplied} aria-busy={checkingCode}>
          <Trans>Apply</Trans>
        </Button>
      </div>
      {appliedCode && (
        <p className="offer-code__applied">
          <span>
            <Trans>
              Code <strong>{appliedCode}</strong>
            </Trans>
          </span>
          <Button variant="ghost" size="sm" aria-label={t`Remove offer code ${appliedCode}`} onClick={remove}>
            <Trans>Remove</Trans>
          </Button>
        </p>
      )}
      {outcome && (
        <p id={messageId} className={`offer-code__message offer-code__message--${outcome.status}`} role={outcome.status === 'applied' ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
    </form>
  );
}
