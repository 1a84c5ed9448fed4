import { Button } from '@blueprintjs/core';
import type { MoveDirection } from './useListOrdering';

/**
 * The keyboard way to reorder (beside dragging): Move up / Move down, named after the item.
 * `data-move` lets useListOrdering put focus back on the button once the row has moved.
 */
export function MoveButtons(props: {
  id: number;
  name: string;
  index: number;
  count: number;
  onMove: (direction: MoveDirection) => void;
}) {
  const { id, name, index, count, onMove } = props;
  return (
    <>
      <Button
        icon="arrow-up"
        variant="minimal"
        aria-label={`Move up: ${name}`}
        title="Move up"
        data-move={`${id}-up`}
        disabled={index === 0}
        onClick={() => onMove('up')}
      />
      <Button
        icon="arrow-down"
        variant="minimal"
        aria-label={`Move down: ${name}`}
        title="Move down"
        data-move={`${id}-down`}
        disabled={index === count - 1}
        onClick={() => onMove('down')}
      />
    </>
  );
}
