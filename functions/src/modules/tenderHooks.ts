// The ways to pay an order the modules contribute (issue 39, domain/tenders.ts TenderHook), listed once. Pure (the
// hooks are pure decisions and zod fields), so the endpoint table reads the place-order body fields from here
// (api/endpoints.ts) without reaching the modules' routes; the stores run them (createOrderStore) and the
// place-order route reads each hook's field (askedTenders).
import { tenderBodyShape, type TenderHook } from '../domain/tenders.js';
import type { z } from 'zod';
import { giftCardTender, storeCreditTender } from './giftCards/giftCards.js';

const hooks = [storeCreditTender, giftCardTender] as const;

// Each hook typed by its model, as one of the list (its decisions are run on its model's records only).
export const TENDER_HOOKS: readonly TenderHook[] = hooks.map((hook) => hook as TenderHook);

/** The place-order bodies' fields the hooks declare (`giftCardCode`, `useStoreCredit`), as a zod shape. */
export const TENDER_BODY_FIELDS = tenderBodyShape(hooks);

/** Those fields as the client sends them (parsed: a code as a string, a flag as a boolean). */
export type TenderBody = { [K in keyof typeof TENDER_BODY_FIELDS]?: z.output<(typeof TENDER_BODY_FIELDS)[K]> };
