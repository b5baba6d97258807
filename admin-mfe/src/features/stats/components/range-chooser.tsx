import { SALES_RANGES, type SalesRange } from '../api/sales';

export function RangeChooser({ value, onChange }: { value: SalesRange; onChange: (range: SalesRange) => void }) {
  return (
    <fieldset className="range-chooser">
      <legend className="range-chooser__legend">Period</legend>
      <div className="range-chooser__options">
        {SALES_RANGES.map((range) => (
          <label key={range} className="range-chooser__option">
            <input type="radio" name="sales-range" value={range} checked={value === range} onChange={() => onChange(range)} />
            <span>Last {range} days</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
