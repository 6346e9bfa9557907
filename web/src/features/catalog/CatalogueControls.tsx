import { useId } from 'react';
import { LIMITS, PRODUCT_SORTS } from '@toolforge/contracts';
import { CATEGORY_OPTIONS } from './categories';
import { SORT_LABELS } from './catalogueView';
import type { useCatalogueView } from './useCatalogueView';

/** The All Products page's search box, category and order. */
export function CatalogueControls({ controls }: { controls: ReturnType<typeof useCatalogueView> }) {
  const id = useId();
  const { view } = controls;
  return (
    <form className="catalogue-controls" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Name, model or description"
          maxLength={LIMITS.searchText}
          value={controls.text}
          onChange={(event) => controls.typeText(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          value={view.category ?? ''}
          onChange={(event) => controls.chooseCategory(CATEGORY_OPTIONS.find((option) => option.value === event.target.value)?.value)}
        >
          <option value="">All categories</option>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={view.sort}
          onChange={(event) => controls.chooseSort(PRODUCT_SORTS.find((sort) => sort === event.target.value) ?? 'newest')}
        >
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
