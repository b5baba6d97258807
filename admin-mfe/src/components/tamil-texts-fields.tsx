import { useEffect, useId, useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import type { CatalogueLanguage, TranslationInput } from '@thalir/contracts';
import { Notice, Spinner } from '@thalir/ui';
import './tamil-texts-fields.css';

/** No Tamil texts: a new product or plan, or one not translated. */
export const NO_TAMIL_TEXTS: TranslationInput = { name: '', description: '' };

/** A product's or plan's Tamil texts from its answer in Tamil: only those really in Tamil (the others fell back to English). */
export function tamilTextsOf(answer: {
  name: string;
  description: string;
  languages?: { name: CatalogueLanguage; description: CatalogueLanguage };
}): TranslationInput {
  return {
    name: answer.languages?.name === 'ta' ? answer.name : '',
    description: answer.languages?.description === 'ta' ? answer.description : '',
  };
}

interface Saved {
  data: TranslationInput | undefined;
  failed: boolean;
  loading: boolean;
}

/**
 * The Tamil texts of the product or plan `id` a form edits (none for a new one, known at once): as
 * saved, as typed once staff change them, what a save should send (null: unchanged) and what is wrong.
 */
export function useTamilTexts(id: string | null, load: (id: string, signal: AbortSignal) => Promise<TranslationInput>) {
  const [saved, setSaved] = useState<Saved>(() =>
    id ? { data: undefined, failed: false, loading: true } : { data: NO_TAMIL_TEXTS, failed: false, loading: false },
  );
  const [typed, setTyped] = useState<TranslationInput | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (data) => setSaved({ data, failed: false, loading: false }),
      () => {
        if (!controller.signal.aborted) setSaved({ data: undefined, failed: true, loading: false });
      },
    );
    return () => controller.abort();
  }, [id, load]);
  const texts = typed ?? saved.data ?? NO_TAMIL_TEXTS;
  const wanted = { name: texts.name.trim(), description: texts.description.trim() };
  const before = saved.data ?? NO_TAMIL_TEXTS;
  return {
    fields: { texts, onChange: setTyped, loading: saved.loading, failed: saved.failed },
    /** A Tamil description needs a Tamil name (an empty name removes the translation). */
    problem: !wanted.name && wanted.description ? 'Please give the Tamil name too, or leave the Tamil description empty.' : null,
    change: typed !== null && (wanted.name !== before.name || wanted.description !== before.description) ? wanted : null,
  };
}

/**
 * After the product or plan itself is saved: saves its Tamil texts when they changed, and reports
 * `done`, or that they were not saved (the rest is, so the message says what is left to do).
 */
export async function saveTamilTextsThenReport(
  done: string,
  change: TranslationInput | null,
  save: (texts: TranslationInput) => Promise<unknown>,
  onSaved: (message: string, tone?: 'success' | 'error') => void,
): Promise<void> {
  if (!change) return onSaved(done);
  try {
    await save(change);
    onSaved(done);
  } catch (error) {
    onSaved(`${done} Its Tamil texts were not saved (${errorMessage(error, 'the request failed')}): edit it to try again.`, 'error');
  }
}

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
