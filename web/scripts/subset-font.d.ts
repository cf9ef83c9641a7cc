// subset-font ships no types: the part of its API scripts/subsetFont.ts uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype'; noLayoutClosure?: boolean },
  ): Promise<Buffer>;
}
