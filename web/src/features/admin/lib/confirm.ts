/** The question asked before deleting a user or a product (spec 5). */
export const CONFIRM_DELETE = 'Are you sure you want to delete?';
