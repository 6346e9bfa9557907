import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formCleared } from './authSlice';
import { selectAuth } from './selectors';

/** An auth form's view of the auth state; a message from an earlier form does not follow the user. */
export function useAuthForm() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  useEffect(() => {
    dispatch(formCleared());
  }, [dispatch]);
  return { dispatch, auth };
}
