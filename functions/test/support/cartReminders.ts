// Issue 41: the cart reminder email's unsubscribe token for an account of a test shop, signed as the embedded
// server signs it (its JWT secret, the unsubscribe purpose).
import { loadJwtSecret } from '../../src/adapters/embedded/auth.js';
import { HmacOrderLinks, UNSUBSCRIBE_PURPOSE } from '../../src/adapters/orderLinks.js';
import type { TestShop } from './shop.js';

export const unsubscribeToken = (shop: Pick<TestShop, 'config'>, userId: string) =>
  new HmacOrderLinks(() => loadJwtSecret(shop.config.dataDir, shop.config.jwtSecret), UNSUBSCRIBE_PURPOSE).sign(userId);
