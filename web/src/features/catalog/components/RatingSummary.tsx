import type { Review } from '@domain';
import { Rating } from '@/components/ui/Rating';
import { ratingBreakdown } from '../ratingBreakdown';

/** The average rating (the product's, as the API computes it) and how many reviews gave each number of stars. */
export function RatingSummary({ average, reviews }: { average: number; reviews: Pick<Review, 'rating'>[] }) {
  const total = reviews.length;
  const rounded = (Math.round(average * 10) / 10).toFixed(1);
  return (
    <div className="rating-summary" data-testid="rating-summary">
      <div className="d-flex align-items-center gap-3 mb-3">
        <span className="rating-summary-average" aria-hidden="true">
          {rounded}
        </span>
        <div>
          <Rating value={average} />
          <p className="rating-text mb-0">
            Based on {total} {total === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      </div>
      <ul className="list-unstyled mb-0" aria-label="Reviews per number of stars">
        {ratingBreakdown(reviews).map(({ stars, count }) => (
          <li key={stars} className="rating-bar-row">
            <span className="rating-bar-label">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
            <span className="rating-bar" aria-hidden="true">
              <span className="rating-bar-fill" style={{ width: total ? `${(count / total) * 100}%` : '0%' }} />
            </span>
            <span className="rating-bar-count">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
