// The SettingsStore port on Firestore: settings/shop holds the settings and how many changes were recorded;
// settings/shop/changes/{seq} one document per save (seq orders them, zero-padded so ids sort too).
import type { Firestore } from 'firebase-admin/firestore';
import { settingsChanges, type SettingsChange, type ShopSettings } from '../../../domain/settings.js';
import type { EventPublisher, SettingsStore } from '../../../ports.js';
import { COLLECTIONS, MAX_ATTEMPTS } from './mapping.js';

interface SettingsDoc {
  settings: ShopSettings;
  updatedAt: string;
  changeCount: number;
}

interface ChangeDoc extends SettingsChange {
  seq: number;
}

export class FirestoreSettings implements SettingsStore {
  constructor(
    private readonly db: Firestore,
    private readonly events: EventPublisher,
  ) {}

  private get ref() {
    return this.db.collection(COLLECTIONS.settings).doc('shop');
  }

  async get(): Promise<ShopSettings | null> {
    const snap = await this.ref.get();
    return snap.exists ? (snap.data() as SettingsDoc).settings : null;
  }

  async save(settings: ShopSettings, by: SettingsChange['by'], now: Date, defaults: ShopSettings) {
    const at = now.toISOString();
    const change = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(this.ref);
        const doc = snap.exists ? (snap.data() as SettingsDoc) : null;
        const change: SettingsChange = {
          at,
          by: { _id: by._id, name: by.name },
          changes: settingsChanges(doc?.settings ?? defaults, settings),
        };
        const seq = (doc?.changeCount ?? 0) + 1;
        // A plain copy: Firestore refuses undefined fields and class instances.
        const plain = JSON.parse(JSON.stringify(settings)) as ShopSettings;
        tx.set(this.ref, { settings: plain, updatedAt: at, changeCount: seq } satisfies SettingsDoc);
        tx.set(this.ref.collection('changes').doc(String(seq).padStart(10, '0')), {
          ...JSON.parse(JSON.stringify(change)),
          seq,
        } satisfies ChangeDoc);
        return change;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    this.events.publish([{ type: 'SettingsSaved', settings }]);
    return change;
  }

  async history(limit: number): Promise<SettingsChange[]> {
    const snap = await this.ref.collection('changes').orderBy('seq', 'desc').limit(limit).get();
    return snap.docs.map((d) => {
      const { at, by, changes } = d.data() as ChangeDoc;
      return { at, by, changes };
    });
  }
}
