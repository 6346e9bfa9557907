/** A review's bounds: its stars, and how long its text and a removal's reason may be. */
export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  textMin: 10,
  textMax: 1000,
  reason: 200,
  /** The home page's latest reviews. */
  latest: 6,
} as const;
