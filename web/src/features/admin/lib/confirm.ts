/** The question asked before deleting a user or a product (spec 5). */
export const CONFIRM_DELETE = 'Are you sure you want to delete?';

/** The spec's question, then what is deleted by name (two customers of one name are told apart by email). */
export function confirmDeleteText(kind: 'product' | 'user', name: string, detail?: string): string {
  return `${CONFIRM_DELETE}\nThe ${kind} “${name}”${detail ? ` (${detail})` : ''} will be deleted.`;
}
