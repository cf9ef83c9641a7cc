// Catalogue search: a case-insensitive literal substring of the product name (spec: the search box).

/** The case-folded form in which names are stored (name_key / nameKey) and keywords matched: one rule for
 *  both sides of the match and both stores. */
export const searchKey = (text: string) => text.toLowerCase();

/** A search box's keyword as it is matched and cached: surrounding spaces dropped, case folded. The products
 *  route applies it once; stores fold what they get with searchKey (a no-op on a keywordKey), as the port
 *  promises case-insensitive matching to any caller. */
export const keywordKey = (keyword: string) => searchKey(keyword.trim());

/** The key an email is found and kept unique by: case and surrounding spaces never make a second account. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
