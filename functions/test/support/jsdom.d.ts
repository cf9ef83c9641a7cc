// The part of jsdom (a dev dependency of the web's tests) that test/pages.test.ts uses to read pages as a crawler.
// Declared here: @types/jsdom brings the DOM library's types into the API's Node typings, where they clash.
declare module 'jsdom' {
  interface ParsedElement {
    getAttribute(name: string): string | null;
    hasAttribute(name: string): boolean;
    textContent: string | null;
    readonly innerHTML: string;
    querySelector(selector: string): ParsedElement | null;
  }
  interface ParsedDocument {
    title: string;
    querySelector(selector: string): ParsedElement | null;
    querySelectorAll(selector: string): ArrayLike<ParsedElement> & Iterable<ParsedElement>;
    getElementById(id: string): ParsedElement | null;
  }
  export class JSDOM {
    constructor(html: string);
    readonly window: { document: ParsedDocument };
  }
}
