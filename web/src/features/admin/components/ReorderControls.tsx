// A list editor's row controls (the gallery's images, the specification rows): move earlier, move later, remove; and
// the remove button alone, for the lists whose rows do not move (the settings' rates and methods, a variant option).
// Each button names its row ("Move image 2 up", "Remove shipping method 2"), since a list has many.
import Button from 'react-bootstrap/Button';

/** The list a row is in, described once by its editor: what a row is, its length and how rows move. */
export interface ReorderList {
  /** What a row is, as its buttons name it ("image", "specification"). */
  noun: string;
  /** How earlier and later look: a gallery runs left to right, a table top to bottom. */
  arrows: readonly [earlier: string, later: string];
  /** How many rows the list has (the last cannot move later). */
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

export function ReorderControls({
  list: { noun, arrows, count, move, remove },
  index,
  disabled = false,
}: {
  list: ReorderList;
  index: number;
  disabled?: boolean;
}) {
  const n = index + 1;
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${noun} ${n} up`}
        disabled={disabled || index === 0}
        onClick={() => move(index, index - 1)}
      >
        <span aria-hidden="true">{arrows[0]}</span>
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${noun} ${n} down`}
        disabled={disabled || index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        <span aria-hidden="true">{arrows[1]}</span>
      </Button>
      <RemoveRowButton noun={noun} index={index} disabled={disabled} onRemove={() => remove(index)} />
    </>
  );
}

/** A list row's Remove button, named after its row ("Remove state tax rate 2"). */
export function RemoveRowButton({
  noun,
  index,
  onRemove,
  disabled = false,
}: {
  /** What a row is ("image", "shipping method"). */
  noun: string;
  index: number;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="outline-danger"
      aria-label={`Remove ${noun} ${index + 1}`}
      disabled={disabled}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
}
