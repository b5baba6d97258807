import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { OFFER_KINDS, PRODUCT_TYPES, type Offer, type OfferInput, type OfferKind, type ProductType } from '@thalir/contracts';
import { FormCard } from '../../../components/form-card';
import { Notice } from '@thalir/ui';
import { PRODUCT_TYPE_LABELS } from '../../../lib/product-types';
import { createOffer, updateOffer } from '../api/offers';
import { OFFER_KIND_LABELS } from './offer-text';
import { ProductPicker } from './product-picker';

export type OfferFormMode = { kind: 'add' } | { kind: 'edit'; offer: Offer };

/** How customers get an offer: it applies by itself, they type one shared code, or each has a single-use code. */
type Access = 'automatic' | 'code' | 'batch';

const ACCESS_LABELS: Record<Access, string> = {
  automatic: 'Automatically, without a code',
  code: 'With a code customers share',
  batch: 'With single-use codes, made in batches',
};

/** What the inputs hold: numbers as typed, an empty one for "none". */
interface Values {
  name: string;
  access: Access;
  code: string;
  kind: OfferKind;
  percent: string;
  maxDiscount: string;
  amount: string;
  minItemsAmount: string;
  productIds: string[];
  productType: ProductType | '';
  firstOrderOnly: boolean;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
  combinable: boolean;
}

type TextField = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];
type TickField = { [K in keyof Values]: Values[K] extends boolean ? K : never }[keyof Values];

const asText = (value: number | null) => (value === null ? '' : String(value));

function initialValues(mode: OfferFormMode): Values {
  if (mode.kind === 'add')
    return {
      name: '',
      access: 'automatic',
      code: '',
      kind: 'percent',
      percent: '',
      maxDiscount: '',
      amount: '',
      minItemsAmount: '',
      productIds: [],
      productType: '',
      firstOrderOnly: false,
      validFrom: '',
      validUntil: '',
      maxUses: '',
      maxUsesPerCustomer: '',
      active: true,
      combinable: false,
    };
  const { offer } = mode;
  return {
    name: offer.name,
    access: offer.usesBatchCodes ? 'batch' : offer.code ? 'code' : 'automatic',
    code: offer.code ?? '',
    kind: offer.kind,
    percent: asText(offer.percent),
    maxDiscount: asText(offer.maxDiscount),
    amount: asText(offer.amount),
    minItemsAmount: asText(offer.minItemsAmount),
    productIds: offer.productIds,
    productType: offer.productType ?? '',
    firstOrderOnly: offer.firstOrderOnly,
    validFrom: offer.validFrom ?? '',
    validUntil: offer.validUntil ?? '',
    maxUses: asText(offer.maxUses),
    maxUsesPerCustomer: asText(offer.maxUsesPerCustomer),
    active: offer.active,
    combinable: offer.combinable,
  };
}

const asNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The whole offer as the API takes it: rupees and counts as numbers, an empty input as null, the other kinds' values cleared. */
function toInput(values: Values): OfferInput {
  return {
    name: values.name.trim(),
    code: values.access === 'code' ? values.code.trim() : null,
    usesBatchCodes: values.access === 'batch',
    kind: values.kind,
    percent: values.kind === 'percent' ? asNumber(values.percent) : null,
    maxDiscount: values.kind === 'percent' ? asNumber(values.maxDiscount) : null,
    amount: values.kind === 'amount' ? asNumber(values.amount) : null,
    minItemsAmount: asNumber(values.minItemsAmount),
    productIds: values.productIds,
    productType: values.productType || null,
    firstOrderOnly: values.firstOrderOnly,
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    maxUses: asNumber(values.maxUses),
    maxUsesPerCustomer: asNumber(values.maxUsesPerCustomer),
    active: values.active,
    combinable: values.combinable,
  };
}

/** What the form can tell before asking; the server checks the rest (ranges, dates, a code in use) and says why. */
function validate(values: Values): string | null {
  if (!values.name.trim()) return 'Please give the offer a name.';
  if (values.access === 'code' && !values.code.trim()) return 'Please enter the code customers type.';
  if (values.kind === 'percent' && !values.percent.trim()) return 'Please enter the percentage off.';
  if (values.kind === 'amount' && !values.amount.trim()) return 'Please enter the amount off.';
  return null;
}

export interface OfferFormProps {
  mode: OfferFormMode;
  onSaved: (message: string) => void;
  onClose: () => void;
}

/** Creates an offer, or changes one: every field of it is sent, so the form is what the offer becomes. */
export function OfferForm({ mode, onSaved, onClose }: OfferFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(mode));
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const editing = mode.kind === 'edit';
  const title = editing ? `Edit ${mode.offer.name}` : 'New offer';

  const setText = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  const setTick = (field: TickField) => (event: ChangeEvent<HTMLInputElement>) => setValues((previous) => ({ ...previous, [field]: event.target.checked }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate(values);
    setFormError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const saved = editing ? await updateOffer(mode.offer._id, toInput(values)) : await createOffer(toInput(values));
      onSaved(editing ? `${saved.name} was saved.` : `${saved.name} was created.`);
    } catch (error) {
      const serverMessage = errorMessage(error, '');
      setFormError(serverMessage ? `Could not save the offer: ${serverMessage}` : 'Could not save the offer');
      setBusy(false);
    }
  };

  const field = (name: string) => `${id}-${name}`;

  return (
    <FormCard
      title={title}
      closeLabel="Close the offer form"
      submitLabel={editing ? 'Save changes' : 'Create offer'}
      busyLabel="Saving…"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      className="offer-form"
    >
      <p className="admin-muted">Fields marked * are required. Amounts are in rupees.</p>
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="offer-form__grid">
        <div className="field">
          <label htmlFor={field('name')}>Name *</label>
          <input id={field('name')} value={values.name} onChange={setText('name')} required maxLength={200} placeholder="Valentine’s Day 10% off" />
        </div>
        <div className="field">
          <label htmlFor={field('kind')}>Discount *</label>
          <select id={field('kind')} value={values.kind} onChange={setText('kind')}>
            {OFFER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {OFFER_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        {values.kind === 'percent' && (
          <>
            <div className="field">
              <label htmlFor={field('percent')}>Percentage off *</label>
              <input
                id={field('percent')}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
                value={values.percent}
                onChange={setText('percent')}
                required
              />
            </div>
            <div className="field">
              <label htmlFor={field('max-discount')}>Most it takes off (₹)</label>
              <input
                id={field('max-discount')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={values.maxDiscount}
                onChange={setText('maxDiscount')}
                placeholder="No cap"
              />
            </div>
          </>
        )}
        {values.kind === 'amount' && (
          <div className="field">
            <label htmlFor={field('amount')}>Amount off (₹) *</label>
            <input id={field('amount')} type="number" inputMode="decimal" min={0} step={0.01} value={values.amount} onChange={setText('amount')} required />
          </div>
        )}
      </div>

      <fieldset className="offer-form__access">
        <legend>How customers get it</legend>
        {(Object.keys(ACCESS_LABELS) as Access[]).map((access) => (
          <label key={access}>
            <input type="radio" name={field('access')} value={access} checked={values.access === access} onChange={setText('access')} /> {ACCESS_LABELS[access]}
          </label>
        ))}
        {values.access === 'code' && (
          <div className="field">
            <label htmlFor={field('code')}>Code *</label>
            <input id={field('code')} value={values.code} onChange={setText('code')} autoCapitalize="characters" required placeholder="ROSES10" />
          </div>
        )}
        {values.access === 'batch' && <p className="admin-muted">Save the offer, then generate its codes from “Usage and codes” in the list.</p>}
      </fieldset>

      <div className="offer-form__grid">
        <div className="field">
          <label htmlFor={field('min-items')}>Items worth at least (₹)</label>
          <input
            id={field('min-items')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.minItemsAmount}
            onChange={setText('minItemsAmount')}
            placeholder="No minimum"
          />
        </div>
        <div className="field">
          <label htmlFor={field('product-type')}>Product type</label>
          <select id={field('product-type')} value={values.productType} onChange={setText('productType')}>
            <option value="">Every type</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {PRODUCT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('valid-from')}>First day</label>
          <input id={field('valid-from')} type="date" value={values.validFrom} onChange={setText('validFrom')} />
        </div>
        <div className="field">
          <label htmlFor={field('valid-until')}>Last day</label>
          <input id={field('valid-until')} type="date" value={values.validUntil} onChange={setText('validUntil')} />
        </div>
        <div className="field">
          <label htmlFor={field('max-uses')}>Uses in all</label>
          <input
            id={field('max-uses')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.maxUses}
            onChange={setText('maxUses')}
            placeholder="No limit"
          />
        </div>
        <div className="field">
          <label htmlFor={field('max-uses-per-customer')}>Uses per customer</label>
          <input
            id={field('max-uses-per-customer')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.maxUsesPerCustomer}
            onChange={setText('maxUsesPerCustomer')}
            placeholder="No limit"
          />
        </div>
      </div>

      <ProductPicker chosen={values.productIds} onChange={(productIds) => setValues((previous) => ({ ...previous, productIds }))} />

      <div className="offer-form__ticks">
        <label>
          <input type="checkbox" checked={values.firstOrderOnly} onChange={setTick('firstOrderOnly')} /> First order only (once per phone number)
        </label>
        <label>
          <input type="checkbox" checked={values.combinable} onChange={setTick('combinable')} /> Combines with another offer
        </label>
        <label>
          <input type="checkbox" checked={values.active} onChange={setTick('active')} /> Active
        </label>
      </div>
    </FormCard>
  );
}
