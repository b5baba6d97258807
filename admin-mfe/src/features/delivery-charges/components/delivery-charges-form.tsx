import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import type { DeliveryCharges, DeliveryZone } from '@thalir/contracts';
import { Button, Notice } from '@thalir/ui';
import { saveDeliveryCharges, type DeliveryChargesInput } from '../api/delivery-charges';

/** A zone as its inputs hold it; `key` keeps a row's inputs its own when an earlier row is removed. */
interface ZoneRow {
  key: number;
  name: string;
  prefixes: string;
  fee: string;
  freeAbove: string;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function toRow(zone: DeliveryZone, key: number): ZoneRow {
  return { key, name: zone.name, prefixes: zone.pincodePrefixes.join(', '), fee: String(zone.fee), freeAbove: asText(zone.freeAbove) };
}

/** "560, 562" or "560 562" → ["560", "562"]. */
const splitPrefixes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** An empty "free above" means never free. */
const asFreeAbove = (text: string) => (text.trim() === '' ? null : Number(text));

function toZone(row: ZoneRow): DeliveryZone {
  return { name: row.name.trim(), pincodePrefixes: splitPrefixes(row.prefixes), fee: Number(row.fee), freeAbove: asFreeAbove(row.freeAbove) };
}

/** What the form can tell before asking; the server checks the rest (overlapping prefixes, amounts) and says why. */
function validate(defaultFee: string, zones: ZoneRow[]): string | null {
  if (defaultFee.trim() === '') return 'Please enter the default delivery fee.';
  for (const [index, zone] of zones.entries()) {
    const name = zone.name.trim();
    if (!name) return `Please name zone ${index + 1}.`;
    const prefixes = splitPrefixes(zone.prefixes);
    if (prefixes.length === 0) return `${name} needs at least one PIN code prefix.`;
    if (prefixes.some((prefix) => !/^\d{1,6}$/.test(prefix))) return `${name}: each PIN code prefix is 1 to 6 digits.`;
    if (zone.fee.trim() === '') return `${name} needs a fee.`;
  }
  return null;
}

export interface DeliveryChargesFormProps {
  charges: DeliveryCharges;
  /** The slots the checkout offers; a slot with a surcharge that the checkout no longer offers is listed too, to clear it. */
  slots: string[];
  onSaved: () => void;
}

/** The charges as staff change them: a default fee, zones by PIN code prefix, and extras for some slots. */
export function DeliveryChargesForm({ charges, slots, onSaved }: DeliveryChargesFormProps) {
  const [defaultFee, setDefaultFee] = useState(String(charges.defaultZone.fee));
  const [defaultFreeAbove, setDefaultFreeAbove] = useState(asText(charges.defaultZone.freeAbove));
  const [zones, setZones] = useState<ZoneRow[]>(() => charges.zones.map(toRow));
  const [surcharges, setSurcharges] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(charges.slotSurcharges).map(([slot, amount]) => [slot, String(amount)])),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(charges.zones.length);
  const id = useId();
  const surchargeSlots = [...new Set([...slots, ...Object.keys(charges.slotSurcharges)])];

  const changeZone = (key: number, field: Exclude<keyof ZoneRow, 'key'>, value: string) =>
    setZones((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const addZone = () => setZones((rows) => [...rows, { key: nextKey.current++, name: '', prefixes: '', fee: '', freeAbove: '' }]);
  const removeZone = (key: number) => setZones((rows) => rows.filter((row) => row.key !== key));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate(defaultFee, zones);
    setFormError(problem);
    if (problem) return;
    const input: DeliveryChargesInput = {
      defaultZone: {
        name: charges.defaultZone.name,
        pincodePrefixes: charges.defaultZone.pincodePrefixes,
        fee: Number(defaultFee),
        freeAbove: asFreeAbove(defaultFreeAbove),
      },
      zones: zones.map(toZone),
      // An empty or zero surcharge is no surcharge: left out.
      slotSurcharges: Object.fromEntries(
        Object.entries(surcharges)
          .filter(([, amount]) => amount.trim() !== '' && Number(amount) !== 0)
          .map(([slot, amount]) => [slot, Number(amount)]),
      ),
    };
    setBusy(true);
    try {
      await saveDeliveryCharges(input);
      onSaved();
    } catch (error) {
      const serverMessage = errorMessage(error, '');
      setFormError(serverMessage ? `Could not save the delivery charges: ${serverMessage}` : 'Could not save the delivery charges');
      setBusy(false);
    }
  };

  return (
    <form className="delivery-charges-form" onSubmit={submit} noValidate aria-label="Delivery charges">
      <p className="admin-muted">
        Amounts are in rupees. “Free above” is the worth of the items, after discounts, from which delivery is free; empty: never free.
      </p>
      {formError && <Notice tone="error">{formError}</Notice>}

      <fieldset className="delivery-charges-form__group">
        <legend>Default charge</legend>
        <p className="admin-muted">For PIN codes in no zone, and orders without a PIN code.</p>
        <div className="delivery-charges-form__pair">
          <div className="field">
            <label htmlFor={`${id}-default-fee`}>Fee (₹) *</label>
            <input
              id={`${id}-default-fee`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={defaultFee}
              onChange={(event) => setDefaultFee(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-default-free-above`}>Free above (₹)</label>
            <input
              id={`${id}-default-free-above`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={defaultFreeAbove}
              onChange={(event) => setDefaultFreeAbove(event.target.value)}
              placeholder="Never free"
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="delivery-charges-form__group">
        <legend>Zones</legend>
        <p className="admin-muted">A PIN code belongs to the zone with one of its prefixes, e.g. 635 for 635109. Separate prefixes with commas.</p>
        {zones.length === 0 ? (
          <p className="admin-muted">No zones: every order pays the default charge.</p>
        ) : (
          <div className="table-wrap">
            <table className="table delivery-zones">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">PIN code prefixes</th>
                  <th scope="col">Fee (₹)</th>
                  <th scope="col">Free above (₹)</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone, index) => {
                  const which = `zone ${index + 1}`;
                  return (
                    <tr key={zone.key}>
                      <td>
                        <input
                          aria-label={`Name of ${which}`}
                          maxLength={60}
                          value={zone.name}
                          onChange={(event) => changeZone(zone.key, 'name', event.target.value)}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`PIN code prefixes of ${which}`}
                          inputMode="numeric"
                          value={zone.prefixes}
                          onChange={(event) => changeZone(zone.key, 'prefixes', event.target.value)}
                          placeholder="635, 636"
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`Fee of ${which} (₹)`}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step={0.01}
                          value={zone.fee}
                          onChange={(event) => changeZone(zone.key, 'fee', event.target.value)}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`Free above, ${which} (₹)`}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step={0.01}
                          value={zone.freeAbove}
                          onChange={(event) => changeZone(zone.key, 'freeAbove', event.target.value)}
                          placeholder="Never free"
                        />
                      </td>
                      <td>
                        <Button variant="ghost" size="sm" onClick={() => removeZone(zone.key)} aria-label={`Remove ${zone.name.trim() || which}`}>
                          Remove
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={addZone}>
          Add a zone
        </Button>
      </fieldset>

      <fieldset className="delivery-charges-form__group">
        <legend>Slot surcharges</legend>
        <p className="admin-muted">Added to the delivery fee of orders delivered in that slot. Empty: none.</p>
        {surchargeSlots.length === 0 ? (
          <p className="admin-muted">No delivery slots to list.</p>
        ) : (
          <div className="delivery-charges-form__slots">
            {surchargeSlots.map((slot, index) => (
              <div className="field" key={slot}>
                <label htmlFor={`${id}-slot-${index}`}>{slot} (₹)</label>
                <input
                  id={`${id}-slot-${index}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={surcharges[slot] ?? ''}
                  onChange={(event) => setSurcharges((previous) => ({ ...previous, [slot]: event.target.value }))}
                  placeholder="None"
                />
              </div>
            ))}
          </div>
        )}
      </fieldset>

      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save delivery charges'}
      </Button>
    </form>
  );
}
