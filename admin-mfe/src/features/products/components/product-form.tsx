import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { GST_RATES, PRODUCT_TYPES, type Product, type ProductType } from '@thalir/contracts';
import { FormCard } from '../../../components/form-card';
import { Notice } from '@thalir/ui';
import { saveTamilTextsThenReport, TamilTextsFields, useTamilTexts } from '../../../components/tamil-texts-fields';
import { createProduct, fetchTamilTexts, saveTamilTexts, updateProduct, type ProductInput } from '../api/products';
import { useObjectUrl } from '../hooks/use-object-url';
import { PRODUCT_TYPE_LABELS } from '../../../lib/product-types';
import './product-form.css';

/** The API's upload limit (api-contract.md, Limits): refusing here spares a slow upload that would fail. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const REQUIRED_FIELDS_MESSAGE = 'Please fill all required fields';
export const NOT_AN_IMAGE_MESSAGE = 'Please choose an image file (for example JPEG, PNG or WebP).';
const IMAGE_TOO_LARGE_MESSAGE = 'The image must be 5 MB or smaller.';
const PRICE_MESSAGE = 'Price must be a number of 0 or more with at most 2 decimals.';
const STOCK_MESSAGE = 'Stock must be a whole number of 0 or more.';
const HSN_MESSAGE = 'HSN code must be 4, 6 or 8 digits, or left empty to follow the type.';
/** What an empty HSN field becomes, by type (the server's default too). */
const HSN_BY_TYPE: Record<ProductType, string> = { flower: '0603', green_leaf: '0604' };

export type ProductFormMode = { kind: 'add' } | { kind: 'edit'; product: Product };

interface Values {
  name: string;
  price: string;
  stock: string;
  type: ProductType | '';
  description: string;
  hsnCode: string;
  gstRate: string;
}

function initialValues(mode: ProductFormMode): Values {
  if (mode.kind === 'add') return { name: '', price: '', stock: '0', type: '', description: '', hsnCode: '', gstRate: '0' };
  const { product } = mode;
  return {
    name: product.name,
    price: String(product.price),
    stock: String(product.stock),
    type: product.type,
    description: product.description ?? '',
    hsnCode: product.hsnCode ?? '',
    gstRate: String(product.gstRate ?? 0),
  };
}

/** The spec's client rules (section 5); the first problem found is the one shown. */
function validate(values: Values, image: File | null, mode: ProductFormMode): string | null {
  const imageMissing = mode.kind === 'add' && !image;
  if (!values.name.trim() || values.price.trim() === '' || !values.type || imageMissing) return REQUIRED_FIELDS_MESSAGE;
  if (!/^\d+(\.\d{1,2})?$/.test(values.price.trim())) return PRICE_MESSAGE;
  if (!/^\d+$/.test(values.stock.trim() || '0')) return STOCK_MESSAGE;
  if (values.hsnCode.trim() && !/^\d{4}(\d{2}){0,2}$/.test(values.hsnCode.trim())) return HSN_MESSAGE;
  return null;
}

export interface ProductFormProps {
  mode: ProductFormMode;
  /** `error`: the product was saved but not all of it (its Tamil texts). */
  onSaved: (message: string, tone?: 'success' | 'error') => void;
  onClose: () => void;
}

export function ProductForm({ mode, onSaved, onClose }: ProductFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(mode));
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tamil = useTamilTexts(mode.kind === 'edit' ? mode.product._id : null, fetchTamilTexts);
  const preview = useObjectUrl(image);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const editing = mode.kind === 'edit';
  const title = editing ? `Edit ${mode.product.name}` : 'Add a product';

  const setField = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = !file ? null : !file.type.startsWith('image/') ? NOT_AN_IMAGE_MESSAGE : file.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE_MESSAGE : null;
    setImageError(problem);
    if (problem) {
      // Clear the picker so the refused file is not silently kept for the upload.
      if (fileInputRef.current) fileInputRef.current.value = '';
      setImage(null);
      return;
    }
    setImage(file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate(values, image, mode) ?? tamil.problem;
    setFormError(problem);
    if (problem) return;
    const input: ProductInput = {
      name: values.name.trim(),
      price: values.price.trim(),
      stock: values.stock.trim() || '0',
      type: values.type as ProductType,
      description: values.description.trim(),
      hsnCode: values.hsnCode.trim(),
      gstRate: values.gstRate,
      image,
    };
    setBusy(true);
    let saved;
    try {
      saved = editing ? await updateProduct(mode.product._id, input) : await createProduct(input);
    } catch (error) {
      const serverMessage = errorMessage(error, '');
      setFormError(serverMessage ? `Failed to save product: ${serverMessage}` : 'Failed to save product');
      setBusy(false);
      return;
    }
    const done = editing ? `${saved.data.name} was updated.` : `${saved.data.name} was added.`;
    await saveTamilTextsThenReport(done, tamil.change, (texts) => saveTamilTexts(saved.data._id, texts), onSaved);
  };

  const shownImage = preview
    ? { src: preview, alt: 'Preview of the chosen image', caption: 'New image' }
    : editing
      ? { src: mode.product.imageCard ?? mode.product.image, alt: `Current image of ${mode.product.name}`, caption: 'Current image' }
      : null;

  return (
    <FormCard
      title={title}
      closeLabel="Close the product form"
      submitLabel={editing ? 'Save changes' : 'Save product'}
      busyLabel="Processing..."
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      className="product-form"
    >
      <p className="admin-muted">Fields marked * are required.</p>
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="product-form__grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name *</label>
          <input id={`${id}-name`} name="name" value={values.name} onChange={setField('name')} required maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Type *</label>
          <select id={`${id}-type`} name="type" value={values.type} onChange={setField('type')} required>
            <option value="">Choose a type</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {PRODUCT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-price`}>Price (₹) *</label>
          <input
            id={`${id}-price`}
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.price}
            onChange={setField('price')}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-stock`}>Stock</label>
          <input id={`${id}-stock`} name="stock" type="number" inputMode="numeric" min={0} step={1} value={values.stock} onChange={setField('stock')} />
        </div>
      </div>
      <div className="product-form__grid">
        <div className="field">
          <label htmlFor={`${id}-hsn`}>HSN code</label>
          <input
            id={`${id}-hsn`}
            name="hsnCode"
            inputMode="numeric"
            maxLength={8}
            placeholder={values.type ? HSN_BY_TYPE[values.type] : '0603 or 0604'}
            aria-describedby={`${id}-hsn-hint`}
            value={values.hsnCode}
            onChange={setField('hsnCode')}
          />
          <small id={`${id}-hsn-hint`} className="product-form__hint">
            Empty follows the type: 0603 cut flowers, 0604 foliage.
          </small>
        </div>
        <div className="field">
          <label htmlFor={`${id}-gst`}>GST rate</label>
          <select id={`${id}-gst`} name="gstRate" value={values.gstRate} onChange={setField('gstRate')}>
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate === 0 ? '0% (exempt: fresh flowers and foliage)' : `${rate}%`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea id={`${id}-description`} name="description" rows={4} value={values.description} onChange={setField('description')} />
      </div>
      <TamilTextsFields {...tamil.fields} nameMaxLength={200} descriptionMaxLength={5000} />
      <div className="product-form__image">
        <div className="field">
          <label htmlFor={`${id}-image`}>{editing ? 'New image (optional)' : 'Image *'}</label>
          <input
            id={`${id}-image`}
            ref={fileInputRef}
            name="image"
            type="file"
            accept="image/*"
            onChange={chooseImage}
            required={!editing}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={`${id}-image-help`}
          />
          <span id={`${id}-image-help`} className="admin-muted">
            {editing ? 'Leave empty to keep the current image. ' : ''}An image file up to 5 MB.
          </span>
          {imageError && (
            <span className="product-form__error" role="alert">
              {imageError}
            </span>
          )}
        </div>
        {shownImage && (
          <figure className="product-form__preview">
            <img src={shownImage.src} alt={shownImage.alt} width={160} height={160} />
            <figcaption>{shownImage.caption}</figcaption>
          </figure>
        )}
      </div>
    </FormCard>
  );
}
