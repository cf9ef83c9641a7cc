import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/testing/render';
import { POLICIES, POLICY_TOPICS } from '../policies';
import { PolicyPage } from './PolicyPage';

const show = (topic: string) => renderAt(<PolicyPage />, { path: '/policies/:topic', at: `/policies/${topic}` });

describe('PolicyPage', () => {
  it.each(POLICY_TOPICS)('shows the %s policy with links to the others', async (topic) => {
    show(topic);
    expect(screen.getByRole('heading', { level: 1, name: POLICIES[topic].title })).toBeVisible();
    expect(screen.getByText(POLICIES[topic].summary)).toBeVisible();
    const others = screen.getByRole('navigation', { name: 'Other policies' });
    expect(others.querySelectorAll('a')).toHaveLength(POLICY_TOPICS.length - 1);
  });

  it('the returns policy states the 30 days the product page promises', () => {
    show('returns');
    expect(screen.getByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
  });

  it('an unknown topic says so and points to the returns policy', () => {
    show('cookies');
    expect(screen.getByText(/No such policy/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', '/policies/returns');
  });
});
