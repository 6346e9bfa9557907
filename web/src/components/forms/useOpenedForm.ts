import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';

/**
 * A form's view of its slice of the state, putting `opened` when the form mounts: a message or a
 * result from an earlier visit does not follow the user.
 */
export function useOpenedForm<T>(select: (state: RootState) => T, opened: () => UnknownAction): [AppDispatch, T] {
  const dispatch = useAppDispatch();
  const state = useAppSelector(select);
  useEffect(() => {
    dispatch(opened());
  }, [dispatch, opened]);
  return [dispatch, state];
}
