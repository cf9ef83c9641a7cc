// The settings in force, kept in memory: read from the store once, replaced by every SettingsSaved this process
// hears (so a save here is in force for the next request). Another process's save (several Cloud Function
// instances) is heard by none here: `ttlMs` bounds how long such a copy is used.
import { withSettingsDefaults, type ShopSettings } from '../../domain/settings.js';
import type { Clock, EventSource, SettingsStore } from '../../ports.js';

export class SettingsCache {
  private kept: { settings: ShopSettings; at: number } | null = null;
  private loading: Promise<ShopSettings> | null = null;

  constructor(
    private readonly store: SettingsStore,
    /** What applies until the owner saves (domain/settings.ts defaultSettings with the environment's values). */
    readonly defaults: ShopSettings,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** Follows the committed saves (wired where the app is built). */
  listen(events: EventSource): () => void {
    return events.subscribe((published) => {
      for (const event of published)
        if (event.type === 'SettingsSaved') {
          this.kept = { settings: event.settings, at: this.clock.now().getTime() };
          this.loading = null;
        }
    });
  }

  async current(): Promise<ShopSettings> {
    const now = this.clock.now().getTime();
    if (this.kept && now - this.kept.at < this.ttlMs) return this.kept.settings;
    // One read for concurrent callers.
    this.loading ??= this.store
      .get()
      .then((stored) => {
        // Saved before a field existed (the time zone): that field's default.
        const settings = stored ? withSettingsDefaults(stored, this.defaults) : this.defaults;
        this.kept = { settings, at: this.clock.now().getTime() };
        return settings;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
