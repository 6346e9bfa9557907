import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductCategory, ProductSort } from '@toolforge/contracts';
import { catalogueViewParams, readCatalogueView, type CatalogueView } from './catalogueView';

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The All Products page's view, kept in the address: each change is a new history entry, so Back
 * returns to the list before it. The search box's text is the page's own while the customer types
 * and goes to the address once they pause; an address that changes otherwise (Back, a link) puts
 * its text in the box.
 */
export function useCatalogueView() {
  const [params, setParams] = useSearchParams();
  const view = readCatalogueView(params);
  const [text, setText] = useState(view.text);
  const written = useRef(view.text);

  const show = useCallback(
    (change: Partial<CatalogueView>) => setParams((current) => catalogueViewParams({ ...readCatalogueView(current), ...change })),
    [setParams],
  );

  useEffect(() => {
    if (view.text === written.current) return;
    written.current = view.text;
    setText(view.text);
  }, [view.text]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      show({ text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, show]);

  return {
    view,
    /** The search box's text as typed. */
    text,
    typeText: setText,
    chooseCategory: (category: ProductCategory | undefined) => show({ category }),
    chooseSort: (sort: ProductSort) => show({ sort }),
  };
}
