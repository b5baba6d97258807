import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { FREQUENCY_KINDS, FREQUENCY_LABELS, type FrequencyKind, type SubscriptionPlan, type SubscriptionPlanInput } from '@thalir/contracts';
import { FormCard } from '../../../components/form-card';
import { Button, formatMoney, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchDeliverySlots } from '../../../lib/delivery-slots';
import { createPlan, fetchPlanProducts, fetchPlanTamilTexts, savePlanTamilTexts, updatePlan } from '../api/subscription-plans';
import { saveTamilTextsThenReport, TamilTextsFields, useTamilTexts } from '../../../components/tamil-texts-fields';

export type PlanFormMode = { kind: 'add' } | { kind: 'edit'; plan: SubscriptionPlan };

/** What the inputs hold: numbers as typed. */
interface Values {
  name: string;
  slug: string;
  description: string;
  items: { productId: string; name: string; quantity: string }[];
  frequencies: FrequencyKind[];
  slots: string[];
  pricePerDelivery: string;
  packs: string;
  active: boolean;
}

function initialValues(mode: PlanFormMode): Values {
  if (mode.kind === 'add') {
    return { name: '', slug: '', description: '', items: [], frequencies: [], slots: [], pricePerDelivery: '', packs: '', active: true };
  }
  const { plan } = mode;
  return {
    name: plan.name,
    slug: plan.slug,
    description: plan.description,
    items: plan.items.map((item) => ({ productId: item.productId, name: item.name, quantity: String(item.quantity) })),
    frequencies: plan.frequencies,
    slots: plan.slots,
    pricePerDelivery: String(plan.pricePerDelivery),
    packs: plan.packs.join(', '),
    active: plan.active,
  };
}

/** "Daily Pooja Basket!" → "daily-pooja-basket": the address a new plan is offered. */
export const slugFor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/** "7, 15 30" → [7, 15, 30]; null when something in it is not a whole number. */
function parsePacks(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((part) => /^\d+$/.test(part)) ? parts.map(Number) : null;
}

function toInput(values: Values): SubscriptionPlanInput {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
    items: values.items.map((item) => ({ productId: item.productId, quantity: Number(item.quantity) })),
    frequencies: FREQUENCY_KINDS.filter((kind) => values.frequencies.includes(kind)),
    slots: values.slots,
    pricePerDelivery: Number(values.pricePerDelivery),
    packs: parsePacks(values.packs) ?? [],
    active: values.active,
  };
}

/** What the form can tell before asking; the server checks the rest and says why. */
function validate(values: Values): string | null {
  if (!values.name.trim()) return 'Please give the plan a name.';
  if (!values.slug.trim()) return 'Please give the plan an address.';
  if (values.items.length === 0) return 'Please add at least one product.';
  if (values.items.some((item) => !/^\d+$/.test(item.quantity.trim()) || Number(item.quantity) < 1))
    return 'Each product needs a whole quantity of at least 1.';
  if (values.frequencies.length === 0) return 'Please allow at least one frequency.';
  if (!values.pricePerDelivery.trim() || !(Number(values.pricePerDelivery) > 0)) return 'Please enter the price of one delivery.';
  const packs = parsePacks(values.packs);
  if (!packs || packs.length === 0) return 'Please enter the packs as numbers of deliveries, e.g. 7, 15, 30.';
  return null;
}

export interface PlanFormProps {
  mode: PlanFormMode;
  /** `error`: the plan was saved but not all of it (its Tamil texts). */
  onSaved: (message: string, tone?: 'success' | 'error') => void;
  onClose: () => void;
}

/** Creates a plan, or changes one: every field is sent, so the form is what the plan becomes. */
export function PlanForm({ mode, onSaved, onClose }: PlanFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(mode));
  // A new plan's address follows its name until staff type one of their own.
  const [slugTyped, setSlugTyped] = useState(mode.kind === 'edit');
  const [adding, setAdding] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const products = useFetch((signal) => fetchPlanProducts(signal), []);
  const slots = useFetch((signal) => fetchDeliverySlots(signal), []);
  const tamil = useTamilTexts(mode.kind === 'edit' ? mode.plan._id : null, fetchPlanTamilTexts);
  const id = useId();
  const editing = mode.kind === 'edit';
  const title = editing ? `Edit ${mode.plan.name}` : 'New plan';
  const field = (name: string) => `${id}-${name}`;

  const set = (changes: Partial<Values>) => setValues((previous) => ({ ...previous, ...changes }));
  const setName = (event: ChangeEvent<HTMLInputElement>) => set({ name: event.target.value, ...(slugTyped ? {} : { slug: slugFor(event.target.value) }) });
  const toggle = <T extends string>(list: T[], value: T, ticked: boolean) => (ticked ? [...list, value] : list.filter((entry) => entry !== value));
  const setQuantity = (productId: string, quantity: string) =>
    set({ items: values.items.map((item) => (item.productId === productId ? { ...item, quantity } : item)) });

  const addProduct = () => {
    const product = products.data?.find((candidate) => candidate._id === adding);
    if (!product) return;
    set({ items: [...values.items, { productId: product._id, name: product.name, quantity: '1' }] });
    setAdding('');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate(values) ?? tamil.problem;
    setFormError(problem);
    if (problem) return;
    setBusy(true);
    let saved: SubscriptionPlan;
    try {
      saved = editing ? await updatePlan(mode.plan._id, toInput(values)) : await createPlan(toInput(values));
    } catch (error) {
      const serverMessage = errorMessage(error, '');
      setFormError(serverMessage ? `Could not save the plan: ${serverMessage}` : 'Could not save the plan');
      setBusy(false);
      return;
    }
    const done = editing ? `${saved.name} was saved.` : `${saved.name} was created.`;
    await saveTamilTextsThenReport(done, tamil.change, (texts) => savePlanTamilTexts(saved._id, texts), onSaved);
  };

  const addable = (products.data ?? []).filter((product) => !values.items.some((item) => item.productId === product._id));

  return (
    <FormCard
      title={title}
      closeLabel="Close the plan form"
      submitLabel={editing ? 'Save changes' : 'Create plan'}
      busyLabel="Saving…"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      className="plan-form"
    >
      <p className="admin-muted">Fields marked * are required. Amounts are in rupees.</p>
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="plan-form__grid">
        <div className="field">
          <label htmlFor={field('name')}>Name *</label>
          <input id={field('name')} value={values.name} onChange={setName} required maxLength={120} placeholder="Daily pooja basket" />
        </div>
        <div className="field">
          <label htmlFor={field('slug')}>Address *</label>
          <input
            id={field('slug')}
            value={values.slug}
            onChange={(event) => {
              setSlugTyped(true);
              set({ slug: event.target.value });
            }}
            required
            maxLength={60}
            aria-describedby={field('slug-hint')}
          />
          <p id={field('slug-hint')} className="admin-muted">
            The plan’s page: /subscribe/{values.slug || '…'}
          </p>
        </div>
        <div className="field plan-form__wide">
          <label htmlFor={field('description')}>Description</label>
          <textarea
            id={field('description')}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
            maxLength={2000}
            rows={3}
          />
        </div>
      </div>

      <TamilTextsFields {...tamil.fields} nameMaxLength={120} descriptionMaxLength={2000} />

      <fieldset className="plan-form__items">
        <legend>Each delivery holds *</legend>
        {values.items.length === 0 && <p className="admin-muted">No products yet.</p>}
        <ul>
          {values.items.map((item) => (
            <li key={item.productId}>
              <label htmlFor={field(`quantity-${item.productId}`)}>{item.name}</label>
              <input
                id={field(`quantity-${item.productId}`)}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={item.quantity}
                onChange={(event) => setQuantity(item.productId, event.target.value)}
                aria-label={`Quantity of ${item.name}`}
              />
              <Button variant="ghost" size="sm" onClick={() => set({ items: values.items.filter((kept) => kept.productId !== item.productId) })}>
                Remove <span className="visually-hidden">{item.name}</span>
              </Button>
            </li>
          ))}
        </ul>
        {products.error !== undefined && <Notice tone="error">Could not load the products</Notice>}
        {products.loading && !products.data && <Spinner label="Loading products…" />}
        {products.data && (
          <div className="plan-form__add">
            <div className="field">
              <label htmlFor={field('add')}>Add a product</label>
              <select id={field('add')} value={adding} onChange={(event) => setAdding(event.target.value)}>
                <option value="">Choose a product</option>
                {addable.map((product) => (
                  <option key={product._id} value={product._id}>
                    {product.name} ({formatMoney(product.price)})
                  </option>
                ))}
              </select>
            </div>
            <Button variant="secondary" size="sm" onClick={addProduct} disabled={!adding}>
              Add
            </Button>
          </div>
        )}
      </fieldset>

      <fieldset className="plan-form__choices">
        <legend>Customers may choose *</legend>
        {FREQUENCY_KINDS.map((kind) => (
          <label key={kind}>
            <input
              type="checkbox"
              checked={values.frequencies.includes(kind)}
              onChange={(event) => set({ frequencies: toggle(values.frequencies, kind, event.target.checked) })}
            />{' '}
            {FREQUENCY_LABELS[kind]}
          </label>
        ))}
      </fieldset>

      <fieldset className="plan-form__choices">
        <legend>Delivery slots</legend>
        <p className="admin-muted">{values.slots.length === 0 ? 'None ticked: customers choose any slot.' : 'Customers choose among the ticked slots.'}</p>
        {slots.error !== undefined && <Notice tone="error">Could not load the delivery slots</Notice>}
        {[...new Set([...(slots.data ?? []), ...values.slots])].map((slot) => (
          <label key={slot}>
            <input
              type="checkbox"
              checked={values.slots.includes(slot)}
              onChange={(event) => set({ slots: toggle(values.slots, slot, event.target.checked) })}
            />{' '}
            {slot}
          </label>
        ))}
      </fieldset>

      <div className="plan-form__grid">
        <div className="field">
          <label htmlFor={field('price')}>Price of one delivery (₹) *</label>
          <input
            id={field('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.pricePerDelivery}
            onChange={(event) => set({ pricePerDelivery: event.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={field('packs')}>Packs sold, in deliveries *</label>
          <input id={field('packs')} value={values.packs} onChange={(event) => set({ packs: event.target.value })} required placeholder="7, 15, 30" />
        </div>
      </div>

      <label className="plan-form__tick">
        <input type="checkbox" checked={values.active} onChange={(event) => set({ active: event.target.checked })} /> On sale
      </label>
    </FormCard>
  );
}
