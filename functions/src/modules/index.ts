// The capability modules (docs/architecture.md "Capability modules"), registered once: app.ts mounts each one's
// routes, each backend's store builds each one's store from its generic ModelStore (the Store's key is the module's
// name), and an account's deletion removes the records of the models each says an account owns.
import type { AnyModel } from '../domain/model.js';
import { addressesModule } from './addresses/index.js';
import { cartRemindersModule } from './cartReminders/index.js';
import { stockAlertsModule } from './stockAlerts/index.js';
import { giftCardsModule } from './giftCards/index.js';
import { wishlistModule } from './wishlist/index.js';
import type { CapabilityModule, ModelStores, ModuleDeps } from './module.js';
import type { MailDefinition } from '../mail/templates/index.js';

export const MODULES = [
  addressesModule,
  wishlistModule,
  cartRemindersModule,
  stockAlertsModule,
  giftCardsModule,
] as const;

type Module = (typeof MODULES)[number];

/** The modules' stores, each under its module's name (part of ports.ts Store). */
export type ModuleStores = { [M in Module as M['name']]: ReturnType<M['store']> };

/** Each module's store on one backend's generic stores. */
export function moduleStores(models: ModelStores, deps: ModuleDeps): ModuleStores {
  return Object.fromEntries(
    (MODULES as readonly CapabilityModule[]).map((m) => [m.name, m.store(models, deps)]),
  ) as ModuleStores;
}

/** The modules' ways to pay and credits (modules/tenderHooks.ts, pure), which the order use cases run (both
 *  stores). */
export { TENDER_HOOKS } from './tenderHooks.js';

/** Every model the modules list: the embedded database makes the tables and indexes of those that are not partial
 *  where missing when it opens (adapters/embedded/db.ts), so a new module's tables need no migration. */
export const MODULE_MODELS: readonly AnyModel[] = MODULES.flatMap((m) => m.models);

/** The models whose records an account owns (deleted with it). */
export const ACCOUNT_OWNED_MODELS: readonly AnyModel[] = MODULES.flatMap((m) => m.ownedByAccount);

type MailsOf<M> = M extends { mails?: infer Mails } ? NonNullable<Mails> : never;
type Both<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllModuleMails = Both<MailsOf<Module>>;

/** The modules' mail templates by name (mail/templates/index.ts adds them to the shop's). */
export const MODULE_MAILS = Object.assign({}, ...MODULES.map((m) => ('mails' in m ? m.mails : {}))) as AllModuleMails;

/** The data each module template's messages are recorded with (part of mail/templates/index.ts MailData). */
export type ModuleMailData = {
  [T in keyof AllModuleMails]: AllModuleMails[T] extends MailDefinition<infer D> ? D : never;
};
