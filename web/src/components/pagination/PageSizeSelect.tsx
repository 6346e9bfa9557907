import { useId } from 'react';
import { PAGE_SIZES } from '@toolforge/contracts';

export function PageSizeSelect({ size, onSizeChange, label }: { size: number; onSizeChange: (size: number) => void; label: string }) {
  const id = useId();
  return (
    <div className="page-size">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={size} onChange={(event) => onSizeChange(Number(event.target.value))}>
        {PAGE_SIZES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
