import { useMutation } from '@tanstack/react-query';
import { shop } from '@/lib/shop';

/** The saved file's name, as the server names its attachment: `voltshop-data-2026-11-25.json`. */
export const exportFileName = (now: Date) => `voltshop-data-${now.toISOString().slice(0, 10)}.json`;

/** Hands the browser a JSON document to save under `name`. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over (revoking at once can cancel the download in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download my data": the account's profile, addresses, orders and reviews (shop.accounts.exportData). */
export function useExportData() {
  return useMutation({
    mutationFn: () => shop.accounts.exportData(),
    onSuccess: (data) => saveJson(data, exportFileName(new Date())),
  });
}
