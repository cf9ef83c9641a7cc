// The demo gallery (issue 29): for each drawing in web/public/images, the extra pictures drawn from it by
// functions/src/seed/drawGallery.ts, each with its alt text. The seed (catalog.ts) shows them after the main image.

export interface GalleryView {
  /** The file written next to the drawing. */
  file: string;
  alt: string;
  /** Colours of the drawing swapped (exact text of the SVG), for another colourway. */
  colours?: Record<string, string>;
  /** A transform of the product (the backdrop stays): another angle. */
  transform?: string;
  /** A smaller window on the drawing (same 640:510 ratio): a close-up. */
  viewBox?: string;
}

export const GALLERY_VIEWS: Record<string, GalleryView[]> = {
  'voltra-vector-15-pro-phone.svg': [
    {
      file: 'voltra-vector-15-pro-phone-graphite.svg',
      alt: 'Voltra Vector 15 Pro in graphite, front and back',
      colours: { '#3ec7c0': '#6b7280', '#2a5fd0': '#1f2430', '#ffb199': '#9fb4d6', '#ff5fa2': '#5b6f9a' },
    },
    {
      file: 'voltra-vector-15-pro-phone-side.svg',
      alt: 'Voltra Vector 15 Pro from the other side, turned',
      transform: 'translate(640 0) scale(-1 1) rotate(-4 320 255)',
    },
    {
      file: 'voltra-vector-15-pro-phone-camera.svg',
      alt: 'Close-up of the Voltra Vector 15 Pro triple camera and flash',
      viewBox: '300 50 240 191',
    },
  ],
  'voltra-airbook-14-laptop.svg': [
    {
      file: 'voltra-airbook-14-laptop-midnight.svg',
      alt: 'Voltra Airbook 14 in midnight blue',
      colours: {
        '#c9ced8': '#3a3f55',
        '#eef0f5': '#4a5068',
        '#c3c8d3': '#2b2f40',
        '#aeb4c1': '#262a38',
        '#9aa1ae': '#20242f',
        '#d3d7df': '#4a5068',
      },
    },
    {
      file: 'voltra-airbook-14-laptop-side.svg',
      alt: 'Voltra Airbook 14 seen from the left',
      transform: 'translate(640 0) scale(-1 1) skewY(4) translate(0 -22)',
    },
    {
      file: 'voltra-airbook-14-laptop-keyboard.svg',
      alt: 'Close-up of the Voltra Airbook 14 keyboard and trackpad',
      viewBox: '150 250 320 255',
    },
  ],
  'arcwave-blade-16-gaming-laptop.svg': [
    {
      file: 'arcwave-blade-16-gaming-laptop-mercury.svg',
      alt: 'Arcwave Blade 16 in mercury white',
      colours: {
        '#17181d': '#e4e6ec',
        '#3a3c46': '#f4f5f8',
        '#22232a': '#cfd3dc',
        '#121317': '#d5d8e0',
        '#111216': '#bfc3cd',
        '#2e3039': '#e9ebf0',
      },
    },
    {
      file: 'arcwave-blade-16-gaming-laptop-side.svg',
      alt: 'Arcwave Blade 16 seen from the right',
      transform: 'translate(640 0) scale(-1 1) skewY(-4) translate(0 22)',
    },
    {
      file: 'arcwave-blade-16-gaming-laptop-keyboard.svg',
      alt: 'Close-up of the Arcwave Blade 16 per-key RGB keyboard',
      viewBox: '130 255 320 255',
    },
  ],
  'arcwave-quietude-anc-headphones.svg': [
    {
      file: 'arcwave-quietude-anc-headphones-sand.svg',
      alt: 'Arcwave Quietude ANC headphones in sand',
      colours: {
        '#34426a': '#e6d3b3',
        '#141b2e': '#b89b72',
        '#1f2a44': '#8a7557',
        '#3b4a6b': '#a88f6c',
        '#3b4766': '#cbb48f',
      },
    },
    {
      file: 'arcwave-quietude-anc-headphones-tilted.svg',
      alt: 'Arcwave Quietude ANC headphones tilted, showing the headband padding',
      transform: 'rotate(-14 320 280)',
    },
    {
      file: 'arcwave-quietude-anc-headphones-cup.svg',
      alt: 'Close-up of the ear cushion and the touch control of the right cup',
      viewBox: '330 210 260 207',
    },
  ],
};
