import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Field } from './Field';
import { fieldBinding } from './fieldBinding';

interface Values {
  city: string;
  tax: { percent: string }[];
}

function Demo({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { city: '', tax: [{ percent: '' }] } });
  const field = fieldBinding(register, errors);
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Field label="City" {...field('city', { required: 'City is required' })} />
      <Field label="Percent" {...field('tax.0.percent', { required: 'Percent is required' })} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('fieldBinding', () => {
  it("gives each Field its registration and its own error, a nested name's too", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Demo onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText('Percent')).toHaveAccessibleDescription('Percent is required');

    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('Percent'), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0][0]).toEqual({ city: 'Springfield', tax: [{ percent: '7' }] });
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });
});
