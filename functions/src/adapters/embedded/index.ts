import type { Config } from '../../config.js';
import { EventBus } from '../../events/bus.js';
import { LiveHub, type LiveHubOptions } from '../../live/hub.js';
import { publishLiveUpdates } from '../../live/liveUpdates.js';
import { accountMails } from '../../mail/accountMails.js';
import { chooseMailer } from '../../mail/mailer.js';
import { systemClock, type Clock, type DevMailboxReader, type Mailer, type Ports } from '../../ports.js';
import { paymentGateway } from '../payments/index.js';
import { HmacOrderLinks, stockAlertLinks, UNSUBSCRIBE_PURPOSE } from '../orderLinks.js';
import { EmbeddedAuth, loadJwtSecret } from './auth.js';
import { Database } from './db.js';
import { DevMailbox } from './devMailbox.js';
import { SqlMailOutbox } from './mailOutbox.js';
import { SqlAccountLinks } from './accountLinks.js';
import { LocalFiles } from './files.js';
import { createSqlStore } from './store.js';

/** The embedded backend: one SQL file, local uploads, local JWT auth, live events from this process (live/hub.ts),
 *  which hears the store's and the auth port's events on the ports' bus (as the catalogue cache will, in app.ts). */
export async function createEmbeddedPorts(
  config: Config,
  { clock = systemClock, live }: { clock?: Clock; live?: LiveHubOptions } = {},
): Promise<
  Ports & {
    db: Database;
    mailer: Mailer;
    devMailbox?: DevMailboxReader;
    mail: SqlMailOutbox;
    accounts: SqlAccountLinks;
  }
> {
  const db = await Database.open(config.dataDir);
  const events = new EventBus();
  const hub = new LiveHub(live);
  publishLiveUpdates(events, hub);
  const mail = new SqlMailOutbox(db, clock);
  const accounts = new SqlAccountLinks(db, clock, accountMails, config.passwordHashCost);
  const mailer = chooseMailer(config, () => new DevMailbox(db, clock));
  const secret = loadJwtSecret(config.dataDir, config.jwtSecret);
  return {
    db,
    store: createSqlStore(db, {
      clock,
      events,
      // Order emails wake the outbox worker through the outbox (server.ts wires mail.onRecorded to it).
      orderMail: { alertEmail: config.mail.orderAlertEmail, onRecorded: () => mail.wake() },
    }),
    auth: new EmbeddedAuth(db, secret, clock, undefined, events, config.passwordHashCost),
    // Guest orders' links: signed with the same secret as the sessions, kept apart by the signature's purpose.
    orderLinks: new HmacOrderLinks(() => secret),
    unsubscribeLinks: new HmacOrderLinks(() => secret, UNSUBSCRIBE_PURPOSE),
    stockAlertLinks: stockAlertLinks(() => secret),
    files: new LocalFiles(config.uploadsDir),
    payments: paymentGateway(config, clock),
    clock,
    events,
    live: hub,
    mail,
    accounts,
    mailer,
    devMailbox: mailer instanceof DevMailbox ? mailer : undefined,
  };
}
