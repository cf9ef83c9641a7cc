// How a category's or brand's names compare (issue 29, issue 40): a leaf, so the discount decision can match a
// code's category scope as the managed lists do without loading the lists' slug and spelling libraries.

/** How names compare: trimmed, inner whitespace as one space, case folded ("Audio " and "audio" are one name). */
export const taxonomyKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
