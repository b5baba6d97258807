import { useId } from 'react';
import type { TranslationInput } from '@thalir/contracts';
import { Notice, Spinner } from '@thalir/ui';
import './tamil-texts-fields.css';

export interface TamilTextsFieldsProps {
  texts: TranslationInput;
  onChange: (texts: TranslationInput) => void;
  /** The saved texts are still on their way. */
  loading: boolean;
  /** They could not be loaded. */
  failed: boolean;
  nameMaxLength: number;
  descriptionMaxLength: number;
}

/** A product's or a plan's name and description in Tamil, beside the English ones (the Tamil pages show them). */
export function TamilTextsFields({ texts, onChange, loading, failed, nameMaxLength, descriptionMaxLength }: TamilTextsFieldsProps) {
  const id = useId();
  return (
    <fieldset className="tamil-texts">
      <legend>In Tamil</legend>
      <p className="admin-muted">Shown on the Tamil pages; where they are empty, the English texts are shown.</p>
      {failed && <Notice tone="error">Could not load the Tamil texts</Notice>}
      {loading ? (
        <Spinner label="Loading the Tamil texts…" />
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name in Tamil</label>
            <input
              id={`${id}-name`}
              lang="ta"
              value={texts.name}
              onChange={(event) => onChange({ ...texts, name: event.target.value })}
              maxLength={nameMaxLength}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>Description in Tamil</label>
            <textarea
              id={`${id}-description`}
              lang="ta"
              rows={3}
              value={texts.description}
              onChange={(event) => onChange({ ...texts, description: event.target.value })}
              maxLength={descriptionMaxLength}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

/** What a form sends of the Tamil texts: trimmed, or null when staff did not change them. */
export function changedTamilTexts(typed: TranslationInput | null, saved: TranslationInput): TranslationInput | null {
  if (typed === null) return null;
  const wanted = { name: typed.name.trim(), description: typed.description.trim() };
  return wanted.name === saved.name && wanted.description === saved.description ? null : wanted;
}

/** A Tamil description needs a Tamil name (an empty name removes the translation). */
export const TAMIL_NAME_MESSAGE = 'Please give the Tamil name too, or leave the Tamil description empty.';

export const tamilTextsProblem = (texts: TranslationInput) => (!texts.name.trim() && texts.description.trim() ? TAMIL_NAME_MESSAGE : null);

/** No Tamil texts: a new product or plan, or one not translated. */
export const NO_TAMIL_TEXTS: TranslationInput = { name: '', description: '' };
