// Demo catalogue seeded on first start. Brands are invented; illustrations live in web/public/images.
// Array order = creation order (the shop lists newest first, so the showpieces come last).

import type { ProductImage, ProductUpdateInput } from '../domain/index.js';
import { GALLERY_VIEWS } from './galleryViews.js';

export interface SeedReview {
  by: 'alice' | 'bob';
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

/** A product as an admin would enter it (the same input as PUT /api/products/:id), with its demo reviews. */
export interface SeedProduct extends Omit<ProductUpdateInput, '_id'> {
  reviews: SeedReview[];
}

/** A drawing and the pictures drawn from it (galleryViews.ts, drawGallery.ts), main first. */
function gallery(file: string, alt: string): Pick<SeedProduct, 'image' | 'images'> {
  const views = GALLERY_VIEWS[file] ?? [];
  const images: ProductImage[] = [
    { url: `/images/${file}`, alt },
    ...views.map((view) => ({ url: `/images/${view.file}`, alt: view.alt })),
  ];
  return { image: images[0]!.url, images };
}

export const seedCatalog: SeedProduct[] = [
  {
    name: 'Orbis Braided USB-C Cable (2 m)',
    image: '/images/orbis-braided-usb-c-cable.svg',
    brand: 'Orbis',
    category: 'Accessories',
    description:
      'A 2-metre USB-C to USB-C cable with a double-braided nylon jacket and aluminium plug housings. Carries up to 100 W USB Power Delivery and 480 Mbps data, and is rated for 20,000 bends.',
    price: 9.99,
    countInStock: 60,
    reviews: [
      { by: 'bob', rating: 4, comment: 'Feels sturdy and charges my laptop at full speed. Wish it came in black.' },
    ],
  },
  {
    name: 'Lumen 65W GaN Charger',
    image: '/images/lumen-65w-gan-charger.svg',
    brand: 'Lumen',
    category: 'Accessories',
    description:
      'A compact gallium-nitride wall charger with two USB-C ports and one USB-A port, delivering up to 65 W to a single laptop. Folding prongs and a cube about the size of a phone charger make it an easy travel companion.',
    price: 39.99,
    countInStock: 42,
    reviews: [
      { by: 'alice', rating: 4, comment: 'Charges my laptop and phone at the same time. Gets a little warm.' },
      { by: 'bob', rating: 3, comment: 'Works fine, but the power is split unevenly when all three ports are used.' },
    ],
  },
  {
    name: 'Orbis Portable SSD 1TB',
    image: '/images/orbis-portable-ssd-1tb.svg',
    brand: 'Orbis',
    category: 'Storage',
    description:
      'A pocket-sized 1 TB solid-state drive with read speeds up to 1,050 MB/s over USB-C 3.2 Gen 2. The aluminium shell is drop-resistant to 2 metres and includes USB-C and USB-A cables.',
    price: 89.99,
    countInStock: 25,
    reviews: [
      {
        by: 'alice',
        rating: 4,
        comment: 'Fast backups and it fits in my coin pocket. Runs slightly warm under long copies.',
      },
    ],
  },
  {
    name: 'Kestrel Glide Wireless Mouse',
    image: '/images/kestrel-glide-wireless-mouse.svg',
    brand: 'Kestrel',
    category: 'Accessories',
    description:
      'An ergonomic wireless mouse with a 4,000 DPI optical sensor, silent-click buttons and two thumb buttons. Connects over Bluetooth or the included 2.4 GHz receiver and runs up to 70 days on one charge.',
    price: 49.99,
    countInStock: 38,
    reviews: [
      { by: 'bob', rating: 3, comment: 'Comfortable, but the scroll wheel is a bit loose for my taste.' },
      { by: 'alice', rating: 4, comment: 'Silent clicks are great for the office. Switching devices is quick.' },
    ],
  },
  {
    name: 'Nimbus AX3000 Wi-Fi 6 Router',
    image: '/images/nimbus-ax3000-wifi-6-router.svg',
    brand: 'Nimbus',
    category: 'Networking',
    description:
      'A dual-band Wi-Fi 6 router with combined speeds up to 3 Gbps, four external antennas and beamforming for larger homes. Includes four gigabit LAN ports, WPA3 security and app-based parental controls.',
    price: 129.0,
    countInStock: 14,
    reviews: [],
  },
  {
    name: 'Lumen PowerCell 20000mAh Power Bank',
    image: '/images/lumen-powercell-20000-power-bank.svg',
    brand: 'Lumen',
    category: 'Accessories',
    description:
      'A 20,000 mAh power bank that charges phones, tablets and small laptops at up to 30 W via USB-C Power Delivery. Four LEDs show remaining charge, and it refills itself in about 3.5 hours.',
    price: 44.99,
    countInStock: 30,
    reviews: [
      {
        by: 'bob',
        rating: 4,
        comment: 'Got me through a weekend of camping with two phones. Heavy, but that is expected.',
      },
    ],
  },
  {
    name: 'Voltra Hyperdrive 2TB NVMe SSD',
    image: '/images/voltra-hyperdrive-2tb-nvme-ssd.svg',
    brand: 'Voltra',
    category: 'Storage',
    description:
      'A PCIe 4.0 M.2 2280 solid-state drive with sequential reads up to 7,000 MB/s and writes up to 6,200 MB/s. A 2 TB capacity, DRAM cache and a 5-year warranty make it a great upgrade for gaming PCs and consoles.',
    price: 159.99,
    countInStock: 18,
    reviews: [
      { by: 'alice', rating: 5, comment: 'Games load almost instantly. Installation took five minutes.' },
      { by: 'bob', rating: 4, comment: 'Very fast, but it needs a heatsink in a cramped case.' },
    ],
  },
  {
    name: 'Kestrel StreamCam 4K Webcam',
    image: '/images/kestrel-streamcam-4k-webcam.svg',
    brand: 'Kestrel',
    category: 'Cameras',
    description:
      'A 4K webcam with a large f/2.0 glass lens, autofocus and automatic low-light correction. Dual noise-reducing microphones and a clip that fits any monitor or laptop make it ready for calls and streaming.',
    price: 79.99,
    countInStock: 0,
    reviews: [{ by: 'alice', rating: 3, comment: 'Sharp picture in daylight, noticeably grainy in the evening.' }],
  },
  {
    name: 'Arcwave Pulse Mini Bluetooth Speaker',
    image: '/images/arcwave-pulse-mini-speaker.svg',
    brand: 'Arcwave',
    category: 'Audio',
    description:
      'A portable Bluetooth 5.3 speaker with a passive bass radiator and 360-degree sound. IP67 waterproof and dustproof, with 14 hours of playback and a carry strap for the beach or trail.',
    price: 59.99,
    countInStock: 27,
    reviews: [
      { by: 'bob', rating: 4, comment: 'Surprisingly loud for its size and it survived a drop in the pool.' },
      { by: 'alice', rating: 3, comment: 'Good sound, but the bass distorts at full volume.' },
    ],
  },
  {
    name: 'Lumen Stride Fitness Band',
    image: '/images/lumen-stride-fitness-band.svg',
    brand: 'Lumen',
    category: 'Wearables',
    description:
      'A slim fitness tracker that counts steps, monitors heart rate and SpO2, and tracks sleep stages. Water-resistant to 50 metres with up to 12 days of battery life and smartphone notifications.',
    price: 34.99,
    countInStock: 45,
    reviews: [
      {
        by: 'alice',
        rating: 2,
        comment: 'Step counting is fine, but the heart-rate readings jump around during runs.',
      },
    ],
  },
  {
    name: 'Arcwave Tactile K87 Mechanical Keyboard',
    image: '/images/arcwave-tactile-k87-keyboard.svg',
    brand: 'Arcwave',
    category: 'Accessories',
    description:
      'A tenkeyless mechanical keyboard with hot-swappable tactile switches, PBT double-shot keycaps and an aluminium top plate. Connects by USB-C cable, Bluetooth or 2.4 GHz wireless, and includes orange accent keys.',
    price: 109.0,
    countInStock: 16,
    reviews: [
      { by: 'bob', rating: 5, comment: 'The typing feel is fantastic and the keycaps feel premium.' },
      { by: 'alice', rating: 4, comment: 'Lovely to type on, a little loud for open-plan offices.' },
    ],
  },
  {
    name: 'Nimbus Halo Home Smart Speaker',
    image: '/images/nimbus-halo-smart-speaker.svg',
    brand: 'Nimbus',
    category: 'Audio',
    description:
      'A fabric-wrapped smart speaker with a 3-inch woofer and a tweeter for clear, room-filling sound. Built-in voice assistant, multi-room audio and a light ring that shows when it is listening.',
    price: 89.0,
    countInStock: 22,
    reviews: [],
  },
  {
    name: 'Voltra Podcast One USB Microphone',
    image: '/images/voltra-podcast-one-microphone.svg',
    brand: 'Voltra',
    category: 'Audio',
    description:
      'A cardioid condenser USB microphone that records at 24-bit/96 kHz, with a zero-latency headphone output and an on-body gain knob. The metal desk stand and shock-absorbing yoke keep recordings clean.',
    price: 119.0,
    countInStock: 12,
    reviews: [{ by: 'bob', rating: 4, comment: 'My podcast sounds much better. The stand is heavy and stable.' }],
  },
  {
    name: 'Kestrel Grip Pro Wireless Controller',
    image: '/images/kestrel-grip-pro-controller.svg',
    brand: 'Kestrel',
    category: 'Gaming',
    description:
      'A wireless game controller with Hall-effect thumbsticks that do not drift, textured grips and remappable back buttons. Works with PC, Android and consoles over Bluetooth or USB-C, with up to 30 hours of play per charge.',
    price: 64.99,
    countInStock: 33,
    reviews: [
      { by: 'bob', rating: 4, comment: 'Great feel and no stick drift so far.' },
      { by: 'alice', rating: 4, comment: 'Comfortable for long sessions; pairing with my PC was instant.' },
    ],
  },
  {
    name: 'Nimbus Folio 7 E-Reader',
    image: '/images/nimbus-folio-7-e-reader.svg',
    brand: 'Nimbus',
    category: 'Tablets',
    description:
      'A 7-inch 300 ppi glare-free E Ink reader with an adjustable warm front light and 32 GB of storage for thousands of books. Waterproof to IPX8 and lasts for weeks on one charge.',
    price: 139.99,
    countInStock: 19,
    reviews: [
      { by: 'alice', rating: 5, comment: 'Reads just like paper, and the warm light is perfect at night.' },
      { by: 'bob', rating: 3, comment: 'Nice screen, but page turns could be quicker.' },
    ],
  },
  {
    name: 'Orbis Vista 27-inch 4K Monitor',
    image: '/images/orbis-vista-27-4k-monitor.svg',
    brand: 'Orbis',
    category: 'Monitors',
    description:
      'A 27-inch 4K IPS monitor covering 98% of the DCI-P3 colour space, with HDR400 and a 60 Hz refresh rate. A single USB-C cable delivers video, data and 90 W of charging to your laptop.',
    price: 379.99,
    countInStock: 9,
    reviews: [
      { by: 'bob', rating: 4, comment: 'Crisp text and accurate colours. The stand only tilts, no height adjustment.' },
    ],
  },
  {
    name: 'Arcwave Sonic Buds True Wireless Earbuds',
    image: '/images/arcwave-sonic-buds-earbuds.svg',
    brand: 'Arcwave',
    category: 'Audio',
    description:
      'True wireless earbuds with active noise cancellation, transparency mode and 11 mm drivers. Up to 8 hours per charge and 32 hours with the wireless charging case, plus IPX4 sweat resistance.',
    price: 149.0,
    countInStock: 40,
    reviews: [
      { by: 'alice', rating: 4, comment: 'Comfortable fit and a good noise cancelling for the price.' },
      { by: 'bob', rating: 3, comment: 'Sound is good, but the touch controls are too sensitive.' },
    ],
  },
  {
    name: 'Kestrel Trail 5K Action Camera',
    image: '/images/kestrel-trail-5k-action-camera.svg',
    brand: 'Kestrel',
    category: 'Cameras',
    description:
      'A rugged action camera that shoots 5K at 30 fps and 4K at 120 fps, with horizon-levelling stabilisation. Waterproof to 10 metres without a case, with a front selfie screen and built-in mounting fingers.',
    price: 299.0,
    countInStock: 11,
    reviews: [],
  },
  {
    name: 'Orbis Tab 11 Tablet',
    image: '/images/orbis-tab-11-tablet.svg',
    brand: 'Orbis',
    category: 'Tablets',
    description:
      'An 11-inch tablet with a 2.5K 120 Hz display, an octa-core processor, 8 GB of RAM and 256 GB of storage. Quad speakers, a 10-hour battery and the included stylus make it great for notes, sketching and films.',
    price: 449.0,
    countInStock: 15,
    reviews: [
      { by: 'alice', rating: 4, comment: 'The stylus is responsive and the screen is bright. Cameras are average.' },
    ],
  },
  {
    name: 'Nimbus Horizon VR Headset',
    image: '/images/nimbus-horizon-vr-headset.svg',
    brand: 'Nimbus',
    category: 'Gaming',
    description:
      'A standalone VR headset with 2K-per-eye displays, inside-out tracking and colour passthrough for mixed reality. Comes with two motion controllers and 128 GB of storage; no PC or cables required.',
    price: 399.0,
    countInStock: 0,
    reviews: [
      { by: 'bob', rating: 4, comment: 'Setup was painless and tracking is solid. The strap needs some tweaking.' },
    ],
  },
  {
    name: 'Lumen Aura Smartwatch',
    image: '/images/lumen-aura-smartwatch.svg',
    brand: 'Lumen',
    category: 'Wearables',
    description:
      'A smartwatch with a 1.8-inch always-on AMOLED display, a rose-gold aluminium case and built-in GPS. Tracks heart rate, sleep and over 100 workouts, handles contactless payments and lasts up to 5 days.',
    price: 249.99,
    countInStock: 3,
    reviews: [
      { by: 'alice', rating: 4, comment: 'Beautiful screen and the battery easily lasts four days.' },
      { by: 'bob', rating: 4, comment: 'Accurate GPS on my runs. The strap clasp is a bit fiddly.' },
    ],
  },
  {
    name: 'Voltra Vector 15 Pro Phone',
    ...gallery('voltra-vector-15-pro-phone.svg', 'Voltra Vector 15 Pro in ocean blue, front and back'),
    specs: [
      { name: 'Display', value: '6.7" OLED, 2796 × 1290, 120 Hz, 2,000 nits peak' },
      { name: 'Processor', value: 'Octa-core 3.3 GHz, 3 nm' },
      { name: 'Storage', value: '256 GB or 512 GB' },
      { name: 'Memory', value: '12 GB' },
      { name: 'Rear cameras', value: '50 MP main, 12 MP ultra-wide, 12 MP 5× telephoto' },
      { name: 'Front camera', value: '12 MP, autofocus' },
      { name: 'Battery', value: '5,000 mAh; 80 W wired, 15 W wireless charging' },
      { name: 'Connectivity', value: '5G, Wi-Fi 7, Bluetooth 5.4, NFC, USB-C 3.2' },
      { name: 'Water resistance', value: 'IP68 (6 m for 30 minutes)' },
      { name: 'Dimensions', value: '160.7 × 77.6 × 8.3 mm' },
      { name: 'Weight', value: '201 g' },
    ],
    brand: 'Voltra',
    category: 'Phones',
    description:
      'A 6.7-inch phone with a 120 Hz OLED display, a triple camera with a 50 MP main sensor and 5x optical zoom, and 256 GB or 512 GB of storage. A 5,000 mAh battery with 80 W fast charging fills up in about 30 minutes.',
    price: 999.0,
    countInStock: 20,
    // Issue 29: colours and storage sizes, each with its own SKU, price and stock (the first is the default).
    options: [
      { name: 'Colour', values: ['Graphite', 'Glacier Blue'] },
      { name: 'Storage', values: ['256 GB', '512 GB'] },
    ],
    variants: [
      {
        sku: 'VV15P-GRA-256',
        options: { Colour: 'Graphite', Storage: '256 GB' },
        price: 999.0,
        countInStock: 20,
        // A colour's own picture (one of the gallery's): the product page shows it first when it is chosen.
        image: '/images/voltra-vector-15-pro-phone-graphite.svg',
      },
      {
        sku: 'VV15P-GRA-512',
        options: { Colour: 'Graphite', Storage: '512 GB' },
        price: 1149.0,
        countInStock: 8,
        image: '/images/voltra-vector-15-pro-phone-graphite.svg',
      },
      {
        sku: 'VV15P-BLU-256',
        options: { Colour: 'Glacier Blue', Storage: '256 GB' },
        price: 949.0,
        compareAtPrice: 999.0,
        countInStock: 5,
      },
      { sku: 'VV15P-BLU-512', options: { Colour: 'Glacier Blue', Storage: '512 GB' }, price: 1149.0, countInStock: 0 },
    ],
    reviews: [
      { by: 'alice', rating: 5, comment: 'The zoom camera is incredible and the battery lasts all day.' },
      { by: 'bob', rating: 4, comment: 'Fast and beautiful, but no charger in the box.' },
    ],
  },
  {
    name: 'Arcwave Blade 16 Gaming Laptop',
    ...gallery('arcwave-blade-16-gaming-laptop.svg', 'Arcwave Blade 16 in black, open, with its RGB keyboard lit'),
    specs: [
      { name: 'Display', value: '16" QHD+ (2560 × 1600) IPS, 240 Hz, 3 ms' },
      { name: 'Processor', value: '14 cores (6 performance, 8 efficiency), up to 5.4 GHz' },
      { name: 'Graphics', value: 'RTX-class, 12 GB GDDR6, 140 W' },
      { name: 'Memory', value: '32 GB or 64 GB DDR5-5600' },
      { name: 'Storage', value: '2 TB PCIe 4.0 NVMe SSD, second M.2 slot free' },
      { name: 'Battery', value: '90 Wh, up to 6 hours of video' },
      { name: 'Connectivity', value: 'Wi-Fi 6E, Bluetooth 5.3, 2.5 Gb Ethernet' },
      { name: 'Ports', value: 'Thunderbolt 4, USB-C 3.2, 2 × USB-A 3.2, HDMI 2.1, SD card, 3.5 mm audio' },
      { name: 'Keyboard', value: 'Per-key RGB, 1.7 mm travel, N-key rollover' },
      { name: 'Dimensions', value: '355 × 248 × 22 mm' },
      { name: 'Weight', value: '2.45 kg' },
    ],
    brand: 'Arcwave',
    category: 'Laptops',
    description:
      'A 16-inch gaming laptop with a 240 Hz QHD+ display, a 14-core processor and a high-end RTX-class graphics card. Includes 32 GB or 64 GB of RAM, a 2 TB SSD, per-key RGB lighting and a vapour-chamber cooling system.',
    price: 2499.0,
    countInStock: 1,
    options: [{ name: 'Memory', values: ['32 GB', '64 GB'] }],
    variants: [
      { sku: 'AB16-32', options: { Memory: '32 GB' }, price: 2499.0, countInStock: 1 },
      { sku: 'AB16-64', options: { Memory: '64 GB' }, price: 2899.0, countInStock: 3 },
    ],
    reviews: [
      { by: 'bob', rating: 5, comment: 'Runs every game I own at max settings. The screen is superb.' },
      { by: 'alice', rating: 4, comment: 'A powerhouse, but the fans get loud and the charger is big.' },
    ],
  },
  {
    name: 'Kestrel Falcon X Mirrorless Camera',
    image: '/images/kestrel-falcon-x-mirrorless-camera.svg',
    brand: 'Kestrel',
    category: 'Cameras',
    description:
      'A 33 MP full-frame mirrorless camera with in-body image stabilisation, eye-tracking autofocus and 4K 60p video. Supplied with a 28-70 mm f/3.5-5.6 kit lens and a weather-sealed magnesium body.',
    price: 1299.0,
    countInStock: 2,
    reviews: [{ by: 'alice', rating: 4, comment: 'Autofocus nails every shot. The kit lens holds it back a little.' }],
  },
  {
    name: 'Orbis Nexus Game Console',
    image: '/images/orbis-nexus-game-console.svg',
    brand: 'Orbis',
    category: 'Gaming',
    description:
      'A next-generation game console that plays games in 4K at up to 120 fps with hardware ray tracing. Includes a 1 TB SSD for near-instant loading and one wireless controller.',
    price: 499.99,
    countInStock: 0,
    reviews: [],
  },
  {
    name: 'Kestrel SkyHawk 4K Drone',
    image: '/images/kestrel-skyhawk-4k-drone.svg',
    brand: 'Kestrel',
    category: 'Drones',
    description:
      'A foldable camera drone with a 3-axis gimbal shooting 4K at 60 fps and 48 MP stills. Offers 34 minutes of flight time, 10 km video transmission and obstacle sensing in all directions.',
    price: 799.0,
    countInStock: 7,
    reviews: [
      { by: 'alice', rating: 5, comment: 'Rock-steady footage even in wind. My holiday videos look professional.' },
      { by: 'bob', rating: 5, comment: 'Easy to fly, folds small, and the battery life is excellent.' },
    ],
  },
  {
    name: 'Arcwave Quietude ANC Headphones',
    ...gallery('arcwave-quietude-anc-headphones.svg', 'Arcwave Quietude ANC headphones in midnight blue'),
    specs: [
      { name: 'Type', value: 'Over-ear, closed back, foldable' },
      { name: 'Drivers', value: '40 mm dynamic, 4 Hz – 40 kHz' },
      { name: 'Noise cancelling', value: 'Adaptive hybrid ANC, 8 microphones; transparency mode' },
      { name: 'Battery', value: 'Up to 40 hours with ANC on, 60 hours off; 10 minutes give 5 hours' },
      { name: 'Connectivity', value: 'Bluetooth 5.3, multipoint (2 devices), 3.5 mm cable' },
      { name: 'Codecs', value: 'SBC, AAC, LDAC' },
      { name: 'Controls', value: 'Touch panel on the right cup, voice assistant button' },
      { name: 'Weight', value: '254 g' },
    ],
    brand: 'Arcwave',
    category: 'Audio',
    description:
      'Over-ear wireless headphones with adaptive active noise cancellation, 40 mm drivers and support for high-resolution audio codecs. Memory-foam ear cushions and up to 40 hours of battery life make them ideal for travel.',
    price: 329.99,
    countInStock: 24,
    options: [{ name: 'Colour', values: ['Black', 'Sand', 'Navy'] }],
    variants: [
      { sku: 'AQ-ANC-BLK', options: { Colour: 'Black' }, price: 329.99, countInStock: 24 },
      {
        sku: 'AQ-ANC-SND',
        options: { Colour: 'Sand' },
        price: 329.99,
        countInStock: 10,
        image: '/images/arcwave-quietude-anc-headphones-sand.svg',
      },
      { sku: 'AQ-ANC-NVY', options: { Colour: 'Navy' }, price: 279.99, compareAtPrice: 329.99, countInStock: 3 },
    ],
    reviews: [
      {
        by: 'alice',
        rating: 5,
        comment: 'The noise cancelling makes flights peaceful, and they are comfortable for hours.',
      },
      { by: 'bob', rating: 5, comment: 'Rich, detailed sound and the battery lasts all week.' },
    ],
  },
  {
    name: 'Voltra Airbook 14 Laptop',
    ...gallery('voltra-airbook-14-laptop.svg', 'Voltra Airbook 14 in silver, open'),
    specs: [
      { name: 'Display', value: '14" 2.8K (2880 × 1800) OLED, 90 Hz, 400 nits' },
      { name: 'Processor', value: '12 cores, up to 4.8 GHz' },
      { name: 'Memory', value: '16 GB or 32 GB LPDDR5X' },
      { name: 'Storage', value: '1 TB PCIe 4.0 NVMe SSD' },
      { name: 'Battery', value: '72 Wh, up to 18 hours; 65 W USB-C fast charging' },
      { name: 'Connectivity', value: 'Wi-Fi 6E, Bluetooth 5.3' },
      { name: 'Ports', value: '2 × Thunderbolt 4, USB-A 3.2, HDMI 2.0, 3.5 mm audio' },
      { name: 'Camera', value: '1080p with IR for face sign-in' },
      { name: 'Dimensions', value: '312 × 221 × 14.9 mm' },
      { name: 'Weight', value: '1.2 kg' },
    ],
    brand: 'Voltra',
    category: 'Laptops',
    description:
      'An ultralight 14-inch laptop weighing just 1.2 kg, with a 2.8K 90 Hz display, a 12-core processor, 16 or 32 GB of RAM and a 1 TB SSD. The all-aluminium body lasts up to 18 hours on a charge and fast-charges over USB-C.',
    price: 1199.0,
    countInStock: 13,
    // Not every combination is offered (no Midnight with 32 GB).
    options: [
      { name: 'Colour', values: ['Silver', 'Midnight'] },
      { name: 'Memory', values: ['16 GB', '32 GB'] },
    ],
    variants: [
      { sku: 'VA14-SLV-16', options: { Colour: 'Silver', Memory: '16 GB' }, price: 1199.0, countInStock: 13 },
      { sku: 'VA14-SLV-32', options: { Colour: 'Silver', Memory: '32 GB' }, price: 1399.0, countInStock: 6 },
      {
        sku: 'VA14-MID-16',
        options: { Colour: 'Midnight', Memory: '16 GB' },
        price: 1149.0,
        compareAtPrice: 1199.0,
        countInStock: 4,
        image: '/images/voltra-airbook-14-laptop-midnight.svg',
      },
    ],
    reviews: [
      { by: 'alice', rating: 5, comment: 'Light, silent and the battery lasts a full workday with room to spare.' },
      { by: 'bob', rating: 5, comment: 'Best keyboard and screen I have had on a laptop. Worth every cent.' },
    ],
  },
];
