import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DEFAULT_PRESET, periodOfSearch, presetPeriod, type SalesPeriod } from './salesPeriod';
import { salesPeriodShown, selectLastSalesPeriod } from './salesSlice';

/**
 * The period the page's address names, and how to show another (a new entry in the history, so Back
 * returns to the one before). Opened without one (the side link), the address takes the period
 * the admin last looked at, or the default preset's, so that it can be shared as it is;
 * `inAddress` is false until then.
 */
export function useShownPeriod(now: Date) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const remembered = useAppSelector(selectLastSalesPeriod);
  const asked = periodOfSearch(search);
  const fallback = remembered ?? presetPeriod(DEFAULT_PRESET, now);
  const [askedFrom, askedTo] = [asked?.from, asked?.to];
  useEffect(() => {
    if (askedFrom && askedTo) dispatch(salesPeriodShown({ from: askedFrom, to: askedTo }));
    else setSearch({ from: fallback.from, to: fallback.to }, { replace: true });
  }, [dispatch, setSearch, askedFrom, askedTo, fallback.from, fallback.to]);
  const show = (period: SalesPeriod) => setSearch({ from: period.from, to: period.to });
  return { period: asked ?? fallback, inAddress: asked !== undefined, show };
}
