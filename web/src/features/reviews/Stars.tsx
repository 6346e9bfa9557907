import type { ProductRating } from '@toolforge/contracts';

/** "★ 4.5 (2 reviews)", or that there are none yet: a product's stars on its card and page. */
export function Stars({ rating }: { rating: ProductRating }) {
  if (rating.averageRating === null || rating.reviewCount === 0)
    return <p className="product-rating product-rating--none">No reviews yet</p>;
  const count = `${rating.reviewCount} ${rating.reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    // role="img": a screen reader says the label, which an element without a role may not get read out.
    <p className="product-rating" role="img" aria-label={`Rated ${rating.averageRating.toFixed(1)} out of 5 from ${count}`}>
      <span aria-hidden="true">★ {rating.averageRating.toFixed(1)}</span> <span className="product-rating-count">({count})</span>
    </p>
  );
}

/** A review's own stars, filled and empty: ★★★★☆. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <span className="rating-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      {'☆'.repeat(Math.max(0, 5 - rating))}
    </span>
  );
}
