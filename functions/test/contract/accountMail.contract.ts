// The store contract of account emails (issue 37): a profile made with its welcome (UserStore.create's `mails`: the
// Firebase web app signs up in the browser and the API's first call makes the profile) records it in the profile's
// own transaction, exactly once, and none for a profile that exists already or a create refused. The same cases on
// both stores (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { afterEach, describe, expect } from 'vitest';
import { accountMails } from '../../src/mail/accountMails.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';
import type { MailStoreFactory, MailStoreUnderTest } from './orderMail.contract.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const dana = { _id: 'uid-dana', name: 'Dana', email: 'dana@example.com' };
const welcomeOf = (u: typeof dana, code: string) =>
  accountMails({
    type: 'signed-up',
    account: { id: u._id, name: u.name, email: u.email },
    link: { path: `/auth/action?mode=verifyEmail&oobCode=${code}`, ref: code },
  });

export function accountMailContract(name: string, factory: MailStoreFactory, run: ContractRun = {}) {
  const it = contractCase(run);
  describe(`Store contract, account emails: ${name}`, () => {
    let sut: MailStoreUnderTest | undefined;
    afterEach(async () => {
      await sut?.dispose();
      sut = undefined;
    });
    const open = async () => (sut = await factory(new MovableClock(now), {}));

    it('a profile created with its welcome records it once, in the outbox, with the profile', async () => {
      const { store, outbox } = await open();
      const user = await store.users.create({ ...dana, isAdmin: false }, welcomeOf(dana, 'CODE1'));
      expect(user).toMatchObject({ _id: dana._id, email: dana.email });
      const mails = await outbox();
      expect(mails).toEqual([
        {
          key: 'welcome:uid-dana',
          to: 'dana@example.com',
          template: 'welcome',
          data: { name: 'Dana', verifyPath: '/auth/action?mode=verifyEmail&oobCode=CODE1', expiresInHours: 72 },
        },
      ]);
    });

    it('a second create of the same profile (a racing first call) records no second welcome', async () => {
      const { store, outbox } = await open();
      await store.users.create({ ...dana, isAdmin: false }, welcomeOf(dana, 'CODE1'));
      await store.users.create({ ...dana, isAdmin: false }, welcomeOf(dana, 'CODE2'));
      const mails = await outbox();
      expect(mails.map((m) => [m.key, m.data.verifyPath])).toEqual([
        ['welcome:uid-dana', '/auth/action?mode=verifyEmail&oobCode=CODE1'],
      ]);
    });

    it('a create refused (the email is another profile’s) records nothing; one without mails records none', async () => {
      const { store, outbox } = await open();
      await store.users.create({ ...dana, isAdmin: false });
      const impostor = { _id: 'uid-impostor', name: 'Not Dana', email: 'DANA@example.com' };
      await expect(store.users.create({ ...impostor, isAdmin: false }, welcomeOf(impostor, 'X'))).rejects.toMatchObject(
        { kind: 'conflict' },
      );
      expect(await store.users.get(impostor._id)).toBeNull();
      expect(await outbox()).toEqual([]);
    });
  });
}
