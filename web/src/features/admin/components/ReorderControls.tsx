// A list editor's row controls (the gallery's images, the specification rows): move earlier, move later, remove.
// Each button names its row ("Move image 2 up"), since a list has many.
import Button from 'react-bootstrap/Button';

export function ReorderControls({
  noun,
  index,
  count,
  arrows,
  disabled = false,
  onMove,
  onRemove,
}: {
  /** What a row is, as its buttons name it ("image", "specification"). */
  noun: string;
  index: number;
  /** How many rows the list has (the last cannot move later). */
  count: number;
  /** How earlier and later look: a gallery runs left to right, a table top to bottom. */
  arrows: readonly [earlier: string, later: string];
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const n = index + 1;
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${noun} ${n} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">{arrows[0]}</span>
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${noun} ${n} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">{arrows[1]}</span>
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Remove ${noun} ${n}`}
        disabled={disabled}
        onClick={() => onRemove(index)}
      >
        Remove
      </Button>
    </>
  );
}
