import { DEFAULT_SETTINGS, type ShopSettings } from '@domain/settings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { policiesFor, POLICY_TOPICS } from '../policies';
import { PolicyPage } from './PolicyPage';

const show = (topic: string, settings: ShopSettings | null = DEFAULT_SETTINGS) => {
  mockFetch(
    settings
      ? { 'GET /api/settings/public': () => ({ body: settings }) }
      : { 'GET /api/settings/public': () => ({ status: 500, body: { message: 'down' } }) },
  );
  return renderAt(<PolicyPage />, { path: '/policies/:topic', at: `/policies/${topic}` });
};
const POLICIES = policiesFor(DEFAULT_SETTINGS);

describe('PolicyPage', () => {
  it.each(POLICY_TOPICS)('shows the %s policy with links to the others', async (topic) => {
    show(topic);
    expect(await screen.findByRole('heading', { level: 1, name: POLICIES[topic].title })).toBeVisible();
    expect(screen.getByText(POLICIES[topic].summary)).toBeVisible();
    const others = screen.getByRole('navigation', { name: 'Other policies' });
    expect(others.querySelectorAll('a')).toHaveLength(POLICY_TOPICS.length - 1);
  });

  it('the returns policy states the 30 days the product page promises', async () => {
    show('returns');
    expect(await screen.findByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
  });

  it('an unknown topic says so and points to the returns policy', () => {
    show('cookies');
    expect(screen.getByText(/No such policy/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', '/policies/returns');
  });

  it("the shipping policy follows the owner's threshold, methods and support email (issue 40)", async () => {
    const settings: ShopSettings = {
      ...DEFAULT_SETTINGS,
      store: { ...DEFAULT_SETTINGS.store, email: 'ship@volt.example' },
      shipping: {
        ...DEFAULT_SETTINGS.shipping,
        defaultPrice: 7.5,
        freeOver: 150,
        countries: [{ country: 'DE', price: 4.9 }],
        methods: [
          { id: 'overnight', label: 'Overnight', days: { min: 1, max: 1 }, price: 29, countries: [], freeOver: false },
        ],
      },
    };
    show('shipping', settings);
    expect(
      await screen.findByText('Free shipping on orders over $150.00; otherwise a flat rate shown before you pay.'),
    ).toBeVisible();
    expect(screen.queryByText(/\$100/)).toBeNull();
    expect(screen.getByText(/ship@volt\.example/)).toBeVisible();
    const table = screen.getByRole('table');
    const standard = within(table).getByRole('row', { name: /Standard/ });
    expect(standard).toHaveTextContent('5–8 business days');
    expect(standard).toHaveTextContent('$7.50 · free over $150.00');
    const overnight = within(table).getByRole('row', { name: /Overnight/ });
    expect(overnight).toHaveTextContent('1 business day');
    expect(overnight).toHaveTextContent('$29.00');
    expect(overnight).not.toHaveTextContent('free over');
    expect(screen.getByText('Standard to Germany: $4.90')).toBeVisible();
  });

  it("shows the owner's own text as text, markup and all, in place of the built-in one", async () => {
    const settings: ShopSettings = {
      ...DEFAULT_SETTINGS,
      policies: {
        ...DEFAULT_SETTINGS.policies,
        terms: '## Our terms\n\n<img src=x onerror=alert(1)> is not HTML.\n\n- one\n- two',
      },
    };
    const { container } = show('terms', settings);
    expect(await screen.findByRole('heading', { level: 2, name: 'Our terms' })).toBeVisible();
    expect(screen.getByText('<img src=x onerror=alert(1)> is not HTML.')).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(screen.queryByText(POLICIES.terms.summary)).toBeNull();
  });

  it('falls back to the built-in texts when the settings cannot be read', async () => {
    show('shipping', null);
    expect(await screen.findByText(POLICIES.shipping.summary)).toBeVisible();
    expect(screen.getByRole('row', { name: /Express/ })).toBeVisible();
  });
});
