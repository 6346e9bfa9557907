import { REVIEW_LIMITS, reviewFormSchema } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormMessage } from '../../components/forms/FormMessage';
import { SelectField } from '../../components/forms/SelectField';
import { TextAreaField } from '../../components/forms/TextAreaField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { reviewPostRequested, selectReviews } from './reviewSlice';

const RATING_OPTIONS = Array.from({ length: REVIEW_LIMITS.ratingMax - REVIEW_LIMITS.ratingMin + 1 }, (_, index) => {
  const stars = REVIEW_LIMITS.ratingMax - index;
  return { value: String(stars), label: `${'★'.repeat(stars)} ${stars} ${stars === 1 ? 'star' : 'stars'}` };
});

/** One delivered product's review form: its stars and words, checked as the server checks them. A second post edits the review. */
export function ReviewForm({ productId, productName }: { productId: string; productName: string }) {
  const dispatch = useAppDispatch();
  const reviews = useAppSelector(selectReviews);
  const { register, handleSubmit, errors } = useSchemaForm(reviewFormSchema, { rating: '', text: '' });
  const busy = reviews.posting.includes(productId);
  return (
    <form
      className="review-form"
      aria-label={`Review ${productName}`}
      noValidate
      onSubmit={onSubmit(handleSubmit((form) => dispatch(reviewPostRequested({ productId, rating: form.rating, text: form.text }))))}
    >
      <h3>{productName}</h3>
      <SelectField
        label="Rating"
        placeholder="Choose stars"
        options={RATING_OPTIONS}
        error={errors.rating?.message}
        {...register('rating')}
      />
      <TextAreaField label="Review" rows={4} maxLength={REVIEW_LIMITS.textMax} error={errors.text?.message} {...register('text')} />
      <FormMessage kind="error">{reviews.errors[productId]}</FormMessage>
      {reviews.posted.includes(productId) && <FormMessage kind="success">Your review is posted; post again to change it.</FormMessage>}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Posting…' : 'Post review'}
      </button>
    </form>
  );
}
