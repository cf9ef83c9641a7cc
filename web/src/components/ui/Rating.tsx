import { useId } from 'react';

/** Five stars (full, half or empty) and an optional text such as "12 reviews". */
function Star({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  const id = `half-star-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" className="star">
      {fill === 'half' && (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d="M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function starFills(value: number): ('full' | 'half' | 'empty')[] {
  return [1, 2, 3, 4, 5].map((i) => (value >= i ? 'full' : value >= i - 0.5 ? 'half' : 'empty'));
}

export function Rating({ value, text }: { value: number; text?: string }) {
  const rounded = Math.round(value * 10) / 10;
  return (
    <div className="rating">
      <span className="rating-stars" role="img" aria-label={`Rated ${rounded} out of 5`}>
        {starFills(value).map((fill, i) => (
          <Star key={i} fill={fill} />
        ))}
      </span>
      {text && <span className="rating-text">{text}</span>}
    </div>
  );
}
