import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from './Field';

const schema = z.object({ city: z.string().min(1, 'City is required'), note: z.string(), size: z.string() });
type Values = z.infer<typeof schema>;

function Demo({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { city: '', note: '', size: 'm' } });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Field label="City" placeholder="Enter city" error={errors.city} {...register('city')} />
      <Field label="Note" as="textarea" rows={2} error={errors.note} {...register('note')} />
      <Field label="Size" as="select" error={errors.size} {...register('size')}>
        <option value="s">Small</option>
        <option value="m">Medium</option>
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('Field', () => {
  it('labels the control and links an error to it for screen readers', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Demo onSubmit={onSubmit} />);
    const city = screen.getByLabelText('City');
    expect(city).not.toHaveAttribute('aria-invalid');
    expect(city).not.toHaveAttribute('aria-describedby');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required')).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('City is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('registers inputs, textareas and selects with react-hook-form', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Demo onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('Note'), 'Leave at the door');
    await user.selectOptions(screen.getByLabelText('Size'), 's');
    expect(screen.getByLabelText('Note').tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0][0]).toEqual({ city: 'Springfield', note: 'Leave at the door', size: 's' });
  });

  it('points at a message shown elsewhere instead of repeating it', () => {
    render(
      <>
        <p id="form-error">Password do not match</p>
        <Field
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          error={{ message: 'Password do not match' }}
          errorShownIn="form-error"
        />
      </>,
    );
    expect(screen.getAllByText('Password do not match')).toHaveLength(1);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Password do not match');
  });
});
