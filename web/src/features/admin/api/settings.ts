import type { SettingsChange, ShopSettings } from '@domain';
import type { SettingsInput } from '@domain/settingsSchema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { settingsGet, settingsHistory, settingsSave } from '@/lib/endpoints.gen';
import { adminKeys, settingsKeys } from '@/lib/queryKeys';

/** GET /api/settings (admin): the settings in force (the defaults until the owner saves). */
export function getSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return call(settingsGet, { signal });
}

/** PUT /api/settings (admin): 400 naming the field when a value is refused. */
export function saveSettings(settings: SettingsInput): Promise<ShopSettings> {
  return call(settingsSave, { body: settings });
}

/** GET /api/settings/history (admin): the last changes, newest first. */
export function getSettingsHistory(signal?: AbortSignal): Promise<SettingsChange[]> {
  return call(settingsHistory, { signal });
}

export function useSettings() {
  return useQuery({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettingsHistory() {
  return useQuery({ queryKey: adminKeys.settingsHistory(), queryFn: ({ signal }) => getSettingsHistory(signal) });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => {
      client.setQueryData(adminKeys.settings(), settings);
      client.setQueryData(settingsKeys.public, settings);
      return client.invalidateQueries({ queryKey: adminKeys.settingsHistory() });
    },
  });
}
