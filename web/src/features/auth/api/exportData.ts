import { useMutation } from '@tanstack/react-query';
import { saveFile } from '@/lib/saveFile';
import { shop } from '@/lib/shop';

/** The saved file's name, as the server names its attachment: `voltshop-data-2026-11-25.json`. */
export const exportFileName = (now: Date) => `voltshop-data-${now.toISOString().slice(0, 10)}.json`;

/** Hands the browser a JSON document to save under `name`. */
const saveJson = (data: unknown, name: string) =>
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);

/** "Download my data": the account's profile, addresses, orders and reviews (shop.accounts.exportData). */
export function useExportData() {
  return useMutation({
    mutationFn: () => shop.accounts.exportData(),
    onSuccess: (data) => saveJson(data, exportFileName(new Date())),
  });
}
