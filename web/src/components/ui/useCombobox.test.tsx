import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCombobox } from './useCombobox';

const FRUITS = ['Apple', 'Apricot', 'Avocado', 'Banana'];

/** The hook as a component uses it: a box, the fruits containing the settled text, and what was picked. */
function Harness({ onPick, minLength }: { onPick: (fruit: string) => void; minLength?: number }) {
  const box = useCombobox<string>({ onPick, minLength, settleMs: 10 });
  const items = FRUITS.filter((f) => f.toLowerCase().includes(box.query.toLowerCase()));
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <div {...box.rootProps}>
        <label htmlFor={box.inputId}>Fruit</label>
        <input {...box.inputProps(items)} />
        <div {...box.listboxProps} aria-label="Fruits">
          {box.showing &&
            items.map((f, i) => (
              <div key={f} {...box.optionProps(i, f)}>
                {f}
              </div>
            ))}
        </div>
      </div>
      <button type="button">Elsewhere</button>
    </form>
  );
}

function setup(minLength?: number) {
  const picked = vi.fn();
  const user = userEvent.setup();
  render(<Harness onPick={picked} minLength={minLength} />);
  return { picked, user, box: screen.getByRole('combobox', { name: 'Fruit' }) };
}

describe('useCombobox', () => {
  afterEach(cleanup);

  it('shows the listbox once the settled text is long enough; the box controls it', async () => {
    const { user, box } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
    await user.type(box, 'a');
    // One character is not enough (the default minimum is 2): nothing shows.
    await new Promise((r) => setTimeout(r, 30));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'p');
    const list = await screen.findByRole('listbox', { name: 'Fruits' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Apple', 'Apricot']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves with the arrow keys (wrapping both ways) and Enter picks the active option, emptying the box', async () => {
    const { user, box, picked } = setup();
    await user.type(box, 'ap');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id); // wrapped past the last
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id); // wrapped before the first
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledOnce();
    expect(picked).toHaveBeenCalledWith('Apricot');
    expect(box).toHaveValue('');
  });

  it('Enter with none active picks the first; Enter with nothing shown picks nothing', async () => {
    const { user, box, picked } = setup();
    await user.keyboard('{Enter}');
    expect(picked).not.toHaveBeenCalled();
    await user.type(box, 'ban');
    await screen.findByRole('option', { name: 'Banana' });
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledWith('Banana');
  });

  it('Escape closes the list and keeps the text; typing opens it again with none active', async () => {
    const { user, box, picked } = setup();
    await user.type(box, 'av');
    await screen.findByRole('option', { name: 'Avocado' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('av');
    expect(screen.queryByRole('option')).toBeNull();
    // Closed, Enter picks nothing.
    await user.keyboard('{Enter}');
    expect(picked).not.toHaveBeenCalled();
    await user.type(box, 'o');
    await screen.findByRole('option', { name: 'Avocado' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('a click picks (before the blur closes the list); the focus leaving the widget closes it', async () => {
    const { user, box, picked } = setup();
    await user.type(box, 'ap');
    await user.hover(await screen.findByRole('option', { name: 'Apple' }));
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apple' }).id);
    await user.click(screen.getByRole('option', { name: 'Apple' }));
    expect(picked).toHaveBeenCalledWith('Apple');
    expect(box).toHaveFocus();

    await user.type(box, 'ba');
    await screen.findByRole('option', { name: 'Banana' });
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Focusing the box again shows the results for its text.
    await user.click(box);
    expect(await screen.findByRole('option', { name: 'Banana' })).toBeInTheDocument();
  });
});
