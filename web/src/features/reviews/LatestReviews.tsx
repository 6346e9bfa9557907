import { useLatestReviewsQuery } from './reviewsApi';
import { RatingStars } from './Stars';

/**
 * The home page's latest reviews: what customers who received their tools say. They are the page's
 * extra: while they cannot be read, the page goes on without them.
 */
export function LatestReviews() {
  const latest = useLatestReviewsQuery();
  if (!latest.data) return null;
  if (latest.data.length === 0) return <p className="empty-state">No reviews yet.</p>;
  return (
    <ul className="latest-reviews">
      {latest.data.map((review) => (
        <li key={review._id} className="review-card">
          <p className="review-product">{review.productName}</p>
          <RatingStars rating={review.rating} />
          <blockquote className="review-text">{review.text}</blockquote>
          <p className="review-author">— {review.userName || 'A customer'}</p>
        </li>
      ))}
    </ul>
  );
}
