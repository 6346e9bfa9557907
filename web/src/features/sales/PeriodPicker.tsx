import { useState, type FormEvent } from 'react';
import { PERIOD_PRESETS, presetOf, presetPeriod, type PeriodPreset, type SalesPeriod } from './salesPeriod';
import { CUSTOM_PERIOD, PERIOD_FORM, PERIOD_LEGEND, SHOW_PERIOD } from './salesTexts';

interface PeriodPickerProps {
  period: SalesPeriod;
  /** Today, for the presets (their days roll with it). */
  now: Date;
  onChoose: (period: SalesPeriod) => void;
}

/**
 * The dashboard's period: a preset, shown at once, or the admin's own first and last day, shown
 * with Show. The preset list says which preset the days are, or that they are the admin's own.
 */
export function PeriodPicker({ period, now, onChoose }: PeriodPickerProps) {
  const [days, setDays] = useState(period);
  // The shown period changed (a preset, a link, Back): the date fields follow it.
  const [shown, setShown] = useState(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setDays(period);
  }
  const preset = presetOf(period, now) ?? 'custom';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose(days);
  };
  return (
    <form className="sales-period" aria-label={PERIOD_FORM} onSubmit={submit}>
      <div className="field">
        <label htmlFor="sales-preset">{PERIOD_LEGEND}</label>
        <select
          id="sales-preset"
          value={preset}
          onChange={(event) => {
            if (event.target.value !== 'custom') onChoose(presetPeriod(event.target.value as PeriodPreset, now));
          }}
        >
          {PERIOD_PRESETS.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
          <option value="custom">{CUSTOM_PERIOD}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="sales-from">From</label>
        <input
          id="sales-from"
          type="date"
          required
          value={days.from}
          onChange={(event) => setDays({ ...days, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="sales-to">To</label>
        <input id="sales-to" type="date" required value={days.to} onChange={(event) => setDays({ ...days, to: event.target.value })} />
      </div>
      <button type="submit" className="button button--primary">
        {SHOW_PERIOD}
      </button>
    </form>
  );
}
