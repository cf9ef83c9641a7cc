import type { PolicyBlock } from '@domain/policyText';

/** An owner's policy text (@domain/policyText's blocks), each block's words as React text: never HTML. */
export function PolicyText({ blocks }: { blocks: PolicyBlock[] }) {
  return (
    <div className="policy-text">
      {blocks.map((block, i) =>
        block.kind === 'heading' ? (
          <h2 key={i} className="h5 mt-4">
            {block.text}
          </h2>
        ) : block.kind === 'list' ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
