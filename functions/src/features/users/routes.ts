import { type RequestHandler } from 'express';
import {
  ACCOUNT_DELETION_MESSAGES,
  assertMayClaim,
  GUEST_MESSAGES,
  accountDeleteSchema,
  accountExport,
  accountDeletionCheck,
  accountExportFileName,
  customerView,
  adminUserUpdateSchema,
  badInput,
  changedEmail,
  changesCredentials,
  conflict,
  CURRENT_PASSWORD_REQUIRED,
  DomainError,
  emailKey,
  forbidden,
  LIST_PAGE_SIZE,
  loginSchema,
  notFound,
  profileCreateSchema,
  profileUpdateSchema,
  registerSchema,
  userListQuerySchema,
  type Order,
  type UserInfo,
  type UserSummary,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { assertBodyIdsMatch, parse, parseId } from '../../http/validate.js';
import type { Ports, StoredUser } from '../../ports.js';
import { openOrdersOf } from './openOrders.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

const summary = (u: StoredUser): UserSummary => ({ _id: u._id, name: u.name, email: u.email, isAdmin: u.isAdmin });
const withToken = (u: StoredUser, token: string): UserInfo => ({ ...summary(u), token });

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
/** An admin's own email changes on the profile (it asks for the current password), not through the users' list. */
export const SELF_EMAIL_ON_PROFILE = 'Change your own email on your profile page: it asks for your current password';

export function userRoutes(
  { store, auth, accounts, clock, orderLinks }: Ports,
  options: { limiters: { signIn: RequestHandler[]; credentialCheck: RequestHandler[] } },
) {
  const router = endpointRouter('/api/users');
  const admin = requireAdmin(auth);
  const signedIn = requireUser(auth);

  /** 400 without a current password, 403 (not 401: the session is fine) when it is wrong. */
  const confirmCurrentPassword = async (email: string, currentPassword: string | undefined) => {
    if (!currentPassword) throw badInput(CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
    try {
      await auth.signIn(email, currentPassword);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthenticated') throw forbidden(CURRENT_PASSWORD_WRONG);
      throw error;
    }
  };

  /** Ends every session of the account (see AuthPort.revokeSessions), its live streams and stream tickets too (the
   *  auth port publishes SessionsRevoked; live/liveUpdates.ts ends them). */
  const revokeSessions = async (uid: string) => {
    await auth.revokeSessions(uid);
  };

  /** The id of the guest order a token proves, when this email may take it (domain/guests.ts assertMayClaim). */
  async function guestOrderToClaim(token: string, email: string): Promise<string> {
    const id = orderLinks?.verify(token);
    const order = id ? await store.orders.get(id) : null;
    if (!order) throw badInput(GUEST_MESSAGES.claimRefused);
    assertMayClaim({ guestEmail: order.isGuest ? order.user.email : null, paidAt: order.paidAt }, email);
    return order._id;
  }

  handle(router, endpoints.login, ...options.limiters.signIn, async (req, res) => {
    const { email, password } = parse(loginSchema, req.body);
    const identity = await auth.signIn(email, password);
    const user = await store.users.get(identity.uid);
    if (!user) throw notFound('User not found');
    res.json(withToken(user, identity.token));
  });

  handle(router, endpoints.register, ...options.limiters.signIn, async (req, res) => {
    const { orderToken, ...input } = parse(registerSchema, req.body);
    if (await store.users.findByEmail(input.email)) throw conflict('User already exists');
    // "Create an account" after a guest order: the token must prove a paid guest order of this email, checked
    // before the account exists (a refusal creates nothing); the store checks again as it hands the order over.
    const claimed = orderToken ? await guestOrderToClaim(orderToken, input.email) : null;
    const identity = await auth.signUp(input);
    const user = await store.users.create({ _id: identity.uid, name: input.name, email: input.email, isAdmin: false });
    if (claimed) await store.orders.claimGuestOrder(claimed, { _id: user._id, name: user.name, email: user.email });
    // Embedded: the welcome email with its confirmation link. The account exists now: an outbox hiccup is logged,
    // never a failed sign-up (the profile offers "Send link again").
    await accounts?.sendVerification(user._id, 'welcome').catch((e) => console.error('[mail] welcome', e));
    res.status(201).json(withToken(user, identity.token));
  });

  handle(router, endpoints.profileGet, signedIn, async (req, res) => {
    const user = await store.users.get(callerOf(req).uid);
    if (!user) throw notFound('User not found');
    res.json(summary(user));
  });

  /** "Download my data": the profile, addresses, orders, reviews and wishlist as one JSON file (domain/accountExport.ts). */
  handle(router, endpoints.profileExport, signedIn, async (req, res) => {
    const { uid } = callerOf(req);
    const user = await store.users.get(uid);
    if (!user) throw notFound('User not found');
    const orders: Order[] = [];
    for (let page = 1; ; page++) {
      const found = await store.orders.list({ userId: uid, search: '', sort: 'newest', page, pageSize: 100 });
      orders.push(...found.orders.map(customerView));
      if (page >= found.pages) break;
    }
    const now = clock.now();
    const [reviews, savedAddresses, wishlist] = await Promise.all([
      store.products.reviewsBy(uid),
      store.addresses.list(uid),
      store.wishlists.get(uid),
    ]);
    const data = accountExport(user, orders, reviews, now, savedAddresses, wishlist.items);
    res.setHeader('Cache-Control', 'no-store');
    res.attachment(accountExportFileName(now));
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  // An account made outside the API (the Firebase web app signs up in the browser) gets its profile on its first
  // authenticated call: created once from the verified token's email, answered as it is on every later call
  // (idempotent: a retry, a second tab or a sign-in after an interrupted sign-up all end with one profile).
  handle(router, endpoints.profileCreate, signedIn, async (req, res) => {
    const caller = callerOf(req);
    const { name } = parse(profileCreateSchema, req.body ?? {});
    const existing = await store.users.get(caller.uid);
    if (existing) {
      res.json(summary(existing));
      return;
    }
    if (!caller.email) throw notFound('User not found'); // embedded accounts always have a profile: this one was deleted
    const fallbackName = (caller.name || caller.email.split('@')[0] || 'Shopper').slice(0, 80);
    const profile = { _id: caller.uid, name: name ?? fallbackName, email: caller.email, isAdmin: false };
    // The welcome with its confirmation link (Firebase), recorded by the store with the profile: sent exactly when
    // this call makes it. A link that cannot be made now costs the welcome, never the sign-up ("Send link again").
    const welcome = await (accounts?.welcomeMails?.(profile) ?? Promise.resolve([])).catch((e: unknown) => {
      console.error('[mail] welcome', e);
      return [];
    });
    try {
      const user = await store.users.create(profile, welcome);
      res.status(201).json(summary(user));
    } catch (error) {
      const made = await store.users.get(caller.uid); // a concurrent first call created it
      if (!made) throw error; // e.g. 409: the email belongs to another profile
      res.json(summary(made));
    }
  });

  handle(router, endpoints.profileUpdate, signedIn, ...options.limiters.credentialCheck, async (req, res) => {
    const { uid } = callerOf(req);
    const input = parse(profileUpdateSchema, req.body);
    const current = await store.users.get(uid);
    if (!current) throw notFound('User not found');
    const email = changedEmail(current.email, input.email);
    const password = input.password || undefined;
    // A stolen session must not be enough to take the account over.
    const credentialsChange = changesCredentials(current.email, input);
    if (credentialsChange) await confirmCurrentPassword(current.email, input.currentPassword);
    if (email && (await store.users.findByEmail(email))) throw conflict('Email already in use');
    await auth.updateCredentials(uid, { email, name: input.name, password });
    if (credentialsChange) await revokeSessions(uid);
    const user = await store.users.update(uid, { name: input.name, email: input.email });
    if (!user) throw notFound('User not found');
    // "Password changed" to the account's address; for a new email a notice to the OLD address (Firebase Auth itself
    // does not tell it when the Admin SDK changes it) and a confirmation link to the new one (mail/accountMails.ts).
    const mailed = async () => {
      if (password) await accounts?.passwordChanged(uid);
      if (email) await accounts?.emailChanged(uid, current.email);
    };
    await mailed().catch((e) => console.error('[mail] profile change', e)); // the change is made: never a 500 now
    res.json(withToken(user, await auth.issueToken(uid)));
  });

  /**
   * "Delete my account": the password again, refused for an admin (another admin removes it), while an unpaid
   * order holds stock (pay or cancel it first) and while a paid order awaits shipping (issue 36: its name and address
   * would be blanked; domain/accountDeletion.ts accountDeletionCheck). Then every session ends, the sign-in goes (auth port) and the
   * store forgets the account (orders kept for the books, anonymised: users.forget).
   */
  handle(router, endpoints.profileDelete, signedIn, ...options.limiters.credentialCheck, async (req, res) => {
    const { uid } = callerOf(req);
    const { password } = parse(accountDeleteSchema, req.body ?? {});
    const user = await store.users.get(uid);
    if (!user) throw notFound('User not found');
    if (user.isAdmin) throw forbidden(ACCOUNT_DELETION_MESSAGES.adminSelf);
    await confirmCurrentPassword(user.email, password);
    await assertMayDelete(uid);
    await revokeSessions(uid);
    // Checked again with the sessions ended: an order paid meanwhile (before the revocation) stops it still.
    await assertMayDelete(uid);
    await auth.remove(uid);
    await store.users.forget(uid);
    res.json({ message: ACCOUNT_DELETION_MESSAGES.deleted });
  });

  /** Refuses (409, domain accountDeletionCheck) while an unpaid order holds stock or a paid order still awaits
   *  shipping: the orders the rule reads, through the store's status-filtered lists (either backend). */
  async function assertMayDelete(uid: string) {
    const now = clock.now();
    // An order whose hold ended is expired first: only holds still running stop the deletion.
    await store.orders.expireStale(now);
    const query = { userId: uid, search: '', sort: 'newest', pageSize: LIST_PAGE_SIZE } as const;
    const orders: Order[] = (await store.orders.list({ ...query, status: 'awaiting_payment', page: 1 })).orders;
    for (let page = 1; ; page++) {
      const paid = await store.orders.list({ ...query, status: 'paid', page });
      orders.push(...paid.orders);
      if (page >= paid.pages) break;
    }
    const check = accountDeletionCheck(orders, now);
    if (!check.allowed) throw conflict(check.message!);
  }

  /** "Sign out everywhere": every session of the caller ends; the answer carries a fresh token for this one. */
  handle(router, endpoints.logoutAll, signedIn, async (req, res) => {
    const { uid } = callerOf(req);
    await revokeSessions(uid);
    const user = await store.users.get(uid);
    if (!user) throw notFound('User not found');
    res.json(withToken(user, await auth.issueToken(uid)));
  });

  // `{ users, page, pages, total }` with pageNumber, else the spec's plain array of the first page (bounded).
  handle(router, endpoints.userList, admin, async (req, res) => {
    const query = parse(userListQuerySchema, req.query);
    const page = await store.users.list({
      search: query.search,
      page: query.pageNumber ?? 1,
      pageSize: LIST_PAGE_SIZE,
    });
    const users = page.users.map(summary);
    res.json(query.pageNumber === undefined ? users : { ...page, users });
  });

  handle(router, endpoints.userGet, admin, async (req, res) => {
    const user = await store.users.get(parseId(req.params.id, 'User'));
    if (!user) throw notFound('User not found');
    res.json(summary(user));
  });

  // What the delete confirmation warns of: the user's unpaid (still held) and paid-but-undelivered orders.
  handle(router, endpoints.userOpenOrders, admin, async (req, res) => {
    const id = parseId(req.params.id, 'User');
    if (!(await store.users.get(id))) throw notFound('User not found');
    res.json(await openOrdersOf(store.orders, id, clock.now()));
  });

  handle(router, endpoints.userUpdate, admin, async (req, res) => {
    const id = parseId(req.params.id, 'User');
    const input = parse(adminUserUpdateSchema, req.body);
    assertBodyIdsMatch(id, input, ['_id', 'userId']);
    const current = await store.users.get(id);
    if (!current) throw notFound('User not found');
    const self = id === callerOf(req).uid;
    if (self && !input.isAdmin) throw badInput('You cannot remove your own admin rights');
    const emailChanged = emailKey(input.email) !== emailKey(current.email);
    // The profile asks for the current password before the account's email changes; this list does not, so an
    // admin's own address changes there only (else a stolen admin session plus a reset link takes the account).
    if (self && emailChanged) throw badInput(SELF_EMAIL_ON_PROFILE, { email: SELF_EMAIL_ON_PROFILE });
    if (emailChanged && (await store.users.findByEmail(input.email))) throw conflict('Email already in use');
    await auth.updateCredentials(id, { email: emailChanged ? input.email : undefined, name: input.name });
    if (input.isAdmin !== current.isAdmin) await auth.setAdmin(id, input.isAdmin);
    // A new email or a demotion ends the user's sessions (as a profile email change does): nothing opened
    // under the old sign-in or with admin rights stays open.
    if (emailChanged || (current.isAdmin && !input.isAdmin)) await revokeSessions(id);
    const user = await store.users.update(id, { name: input.name, email: input.email, isAdmin: input.isAdmin });
    if (!user) throw notFound('User not found');
    // As the profile's change: a notice to the old address (the owner may not know) and a confirmation link to the
    // new one, which reads unconfirmed until it is followed.
    if (emailChanged)
      await accounts?.emailChanged(id, current.email).catch((e) => console.error('[mail] admin email change', e));
    res.json(summary(user));
  });

  handle(router, endpoints.userDelete, admin, async (req, res) => {
    const id = parseId(req.params.id, 'User');
    if (id === callerOf(req).uid) throw badInput('You cannot delete your own account');
    if (!(await store.users.get(id))) throw notFound('User not found');
    // As a demotion does, and first: the user's tokens, open live streams and unused stream tickets end now
    // (streams would otherwise keep delivering, e.g. a deleted admin's new orders with customers' addresses).
    await revokeSessions(id);
    await auth.remove(id);
    await store.users.remove(id);
    res.json({ message: 'User removed' });
  });

  return router;
}
