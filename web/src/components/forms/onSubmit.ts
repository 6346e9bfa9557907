import type { FormEvent } from 'react';

/**
 * A form's onSubmit from react-hook-form's handleSubmit(...), which returns a promise React would
 * drop unseen. It rejects only when the submit handler throws, and the shop's handlers only dispatch
 * or call back (invalid input goes to the form state), so there is nothing to wait for.
 */
export function onSubmit(submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>) {
  return (event: FormEvent<HTMLFormElement>) => void submit(event);
}
