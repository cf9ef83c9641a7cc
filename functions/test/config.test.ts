// One configuration for both entries, and one payment-gateway rule for both backends.
import { describe, expect, it } from 'vitest';
import { firebaseSettingsFromEnv } from '../src/adapters/firebase/index.js';
import { hashPassword, verifyPassword } from '../src/adapters/embedded/auth.js';
import { paymentGateway } from '../src/adapters/payments/index.js';
import { readConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { MovableClock } from './support/clock.js';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DEFAULT_PAGE_SIZE,
  PAYPAL_SANDBOX_API_BASE,
  TEST_PAYMENT,
} from '../src/domain/index.js';

const check = { orderId: 'o1', totalCents: 1234, currency: 'USD', payload: TEST_PAYMENT };

describe('configuration', () => {
  it('chooses PayPal only when the client id AND the secret are set, on either backend', () => {
    const modes = (env: NodeJS.ProcessEnv) => [
      paymentGateway(readConfig(env)).mode,
      paymentGateway(firebaseSettingsFromEnv(env)).mode,
    ];
    expect(modes({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['paypal', 'paypal']);
    expect(modes({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['simulated', 'simulated']);
    expect(modes({ PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['simulated', 'simulated']);
    expect(modes({})).toEqual(['simulated', 'simulated']);
  });

  it('refuses simulated payments in production, but not in the Functions emulator', async () => {
    await expect(
      paymentGateway(readConfig({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id' })).verifyCapture(check),
    ).rejects.toThrow('Test payments are disabled in production');
    // Said as such, so the web offers no test payment that would be refused (nor PayPal, which is not set up).
    expect(paymentGateway(readConfig({ NODE_ENV: 'production' })).mode).toBe('unavailable');
    const emulated = paymentGateway(firebaseSettingsFromEnv({ NODE_ENV: 'production', FUNCTIONS_EMULATOR: 'true' }));
    await expect(emulated.verifyCapture(check)).resolves.toMatchObject({ provider: 'simulated', amount: '12.34' });
    expect(emulated.mode).toBe('simulated');
  });

  it('refuses to start the embedded shop in production without PUBLIC_URL (a Host header must not name it)', async () => {
    await expect(
      startServer(readConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-opened' })),
    ).rejects.toThrow(/PUBLIC_URL must be set in production/);
  });

  it('rehearses a sale at start unless SALE_REHEARSAL=off (saleRehearsal.ts)', () => {
    expect(readConfig({}).saleRehearsal).toBe(true);
    expect(readConfig({ SALE_REHEARSAL: 'on' }).saleRehearsal).toBe(true);
    expect(readConfig({ SALE_REHEARSAL: 'off' }).saleRehearsal).toBe(false);
  });

  it("reads the live streams' limits, memory bound included, with defaults", () => {
    expect(readConfig({}).live).toEqual({
      maxStreams: 5000,
      maxStreamsPerOwner: 12,
      maxBufferedBytes: 64 * 1024 * 1024,
    });
    expect(readConfig({ LIVE_MAX_BUFFERED_BYTES: '1048576' }).live.maxBufferedBytes).toBe(1048576);
    expect(() => readConfig({ LIVE_MAX_BUFFERED_BYTES: '10' })).toThrow(/LIVE_MAX_BUFFERED_BYTES/);
  });

  it('stamps a simulated payment with the clock port, not the wall clock', async () => {
    const clock = new MovableClock('2030-01-02T03:04:05.000Z');
    const payment = await paymentGateway(readConfig({}), clock).verifyCapture(check);
    expect(payment.updateTime).toBe('2030-01-02T03:04:05.000Z');
  });

  it('reads the defaults from the domain, and the Firebase settings from the same reading', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      pageSize: DEFAULT_PAGE_SIZE,
      holdMinutes: DEFAULT_HOLD_MINUTES,
      holdLimits: DEFAULT_HOLD_LIMITS,
      paypal: { baseUrl: PAYPAL_SANDBOX_API_BASE },
    });
    const firebase = firebaseSettingsFromEnv({
      VOLTSHOP_STORE: 'embedded',
      DATA_DIR: '/tmp/x',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PORT: '/a/socket',
    });
    expect(firebase).toMatchObject({
      store: 'embedded',
      dataDir: '/tmp/x',
      paypal: { baseUrl: 'https://api-m.paypal.com' },
    });
    expect(firebaseSettingsFromEnv({}).store).toBe('firestore');
    expect(() => readConfig({ PAGE_SIZE: '0' })).toThrow('PAGE_SIZE must be a whole number >= 1');
  });

  it('reads the hold in minutes, still honours ORDER_HOLD_HOURS, and reads the hold limits', () => {
    expect(DEFAULT_HOLD_MINUTES).toBe(30);
    expect(readConfig({ ORDER_HOLD_MINUTES: '45' }).holdMinutes).toBe(45);
    expect(readConfig({ ORDER_HOLD_HOURS: '2' }).holdMinutes).toBe(120);
    expect(readConfig({ ORDER_HOLD_MINUTES: '10', ORDER_HOLD_HOURS: '2' }).holdMinutes).toBe(10);
    expect(() => readConfig({ ORDER_HOLD_MINUTES: '0' })).toThrow('ORDER_HOLD_MINUTES must be a whole number >= 1');
    expect(
      readConfig({ HOLD_MAX_UNITS_PER_PRODUCT: '2', HOLD_MAX_DOLLARS: '500', HOLD_MAX_OPEN_ORDERS: '1' }).holdLimits,
    ).toEqual({ maxUnitsPerProduct: 2, maxHeldCents: 50_000, maxOpenOrders: 1 });
    expect(() => readConfig({ HOLD_MAX_OPEN_ORDERS: '0' })).toThrow('HOLD_MAX_OPEN_ORDERS must be a whole number >= 1');
  });

  it("hashes passwords at scrypt's 2^15 unless PASSWORD_HASH_COST (the tests' 2^10) says otherwise; refuses a weak or odd cost", async () => {
    expect(readConfig({}).passwordHashCost).toBe(32768);
    expect(readConfig({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    for (const bad of ['512', '1000', '3000', '2097152', 'x'])
      expect(() => readConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(/PASSWORD_HASH_COST/);
    // The default is what a hash records, and a hash at another cost still verifies (its parameters are kept).
    const strong = await hashPassword('secret12');
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
    const weak = await hashPassword('secret12', 1024);
    expect(await verifyPassword('secret12', weak)).toBe(true);
    expect(await verifyPassword('secret13', weak)).toBe(false);
  });

  it("reads ORDER_ALERT_EMAIL (the owner's paid-order alerts; unset: the admins)", () => {
    expect(readConfig({}).mail.orderAlertEmail).toBeUndefined();
    expect(readConfig({ ORDER_ALERT_EMAIL: ' orders@shop.example ' }).mail.orderAlertEmail).toBe('orders@shop.example');
    expect(() => readConfig({ ORDER_ALERT_EMAIL: 'a@b.example, c@d.example' })).toThrow(
      'ORDER_ALERT_EMAIL must be one email address',
    );
  });
});
