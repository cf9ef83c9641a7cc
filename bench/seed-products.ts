// Generator: seeds N synthetic products straight into the embedded database (batched multi-row INSERTs in
// one write transaction per batch), for the scale benchmark. Opens the database with the shop's own code, so
// every migration (and its triggers/indexes) applies exactly as in the server.
// Usage: npx tsx bench/seed-products.ts <dataDir> <count>
import { randomBytes } from 'node:crypto';
import { Database } from '../functions/src/adapters/embedded/db.js';
import { indexNameGrams } from '../functions/src/adapters/embedded/search.js';
import { searchKey } from '../functions/src/domain/search.js';

export const BRANDS = [
  'Voltra',
  'Orbis',
  'Lumen',
  'Kestrel',
  'Nimbus',
  'Arcwave',
  'Zentri',
  'Polaris',
  'Quanta',
  'Helix',
  'Corvid',
  'Sable',
  'Tundra',
  'Vireo',
  'Argent',
  'Boreal',
];
const LINES = [
  'Pro',
  'Air',
  'Max',
  'Mini',
  'Ultra',
  'Lite',
  'Edge',
  'Core',
  'Flux',
  'Nova',
  'Pulse',
  'Vista',
  'Halo',
  'Stride',
  'Glide',
  'Apex',
];
const TYPES = [
  'Wireless Headphones',
  'Bluetooth Speaker',
  'USB-C Cable',
  'GaN Charger',
  'Portable SSD',
  'Wireless Mouse',
  'Mechanical Keyboard',
  'Wi-Fi 6 Router',
  'Power Bank',
  'NVMe SSD',
  '4K Webcam',
  'Fitness Band',
  'Smart Speaker',
  'USB Microphone',
  'Game Controller',
  'E-Reader',
  '4K Monitor',
  'True Wireless Earbuds',
  'Action Camera',
  'Tablet',
  'VR Headset',
  'Smartwatch',
  'Phone',
  'Gaming Laptop',
  'Mirrorless Camera',
  'Game Console',
  'Drone',
  'ANC Headphones',
  'Laptop',
  'Docking Station',
  'HDMI Switch',
  'Smart Plug',
];
/** A feature each description names (one in 8 products each): words a shopper types that are in no name. */
export const FEATURES = [
  'noise cancelling',
  'fast charging',
  'long battery life',
  'water resistant',
  'ultra quiet',
  'low latency',
  'backlit keys',
  'dual band',
];
export const CATEGORIES = [
  'Audio',
  'Accessories',
  'Storage',
  'Networking',
  'Computers',
  'Phones',
  'Cameras',
  'Wearables',
  'Gaming',
];

/** Spec values (issue 40: a spec-value search), one in 12 products each: in no name or description. */
export const SPEC_COLOURS = [
  'Midnight',
  'Graphite',
  'Seafoam',
  'Crimson',
  'Sandstone',
  'Glacier',
  'Obsidian',
  'Saffron',
  'Lavender',
  'Copper',
  'Ivory',
  'Cobalt',
];

/** The SKU of synthetic product `i`'s one variant (issue 40: a SKU search finds exactly it). */
export const productSku = (i: number) => `SKU-${i.toString(36).toUpperCase()}-X`;

/** The name of synthetic product `i`: a brand, a line, a type and a unique model code (e.g. "Orbis Pro Tablet M3F9"). */
export function productName(i: number): string {
  return `${BRANDS[i % BRANDS.length]} ${LINES[Math.floor(i / BRANDS.length) % LINES.length]} ${TYPES[(i * 7) % TYPES.length]} M${i.toString(36).toUpperCase()}`;
}

export const BATCH = 500;

/** Appends `count` products; creation times are one second apart, newest last. Returns the seconds it took. */
export async function seedProducts(dataDir: string, count: number): Promise<{ seconds: number; total: number }> {
  const t0 = performance.now();
  const db = await Database.open(dataDir);
  try {
    const base = Date.UTC(2025, 0, 1);
    const existing = Number((await db.client.execute('SELECT count(*) AS n FROM products')).rows[0].n);
    for (let start = 0; start < count; start += BATCH) {
      const n = Math.min(BATCH, count - start);
      const args: (string | number)[] = [];
      const values: string[] = [];
      const named: { id: string; nameKey: string }[] = [];
      const variants: string[] = [];
      const variantArgs: (string | number)[] = [];
      for (let k = 0; k < n; k++) {
        const i = existing + start + k;
        const name = productName(i);
        const at = new Date(base + i * 1000).toISOString();
        const id = randomBytes(12).toString('hex');
        const nameKey = searchKey(name);
        named.push({ id, nameKey });
        values.push('(?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
        const colour = SPEC_COLOURS[i % SPEC_COLOURS.length]!;
        // Each product has spec rows and one variant (its SKU searched by issue 40's rows).
        const specs = [
          { name: 'Colour', value: colour },
          { name: 'Warranty', value: `${1 + (i % 3)} years` },
        ];
        const price = 499 + ((i * 7919) % 99_500);
        const stock = (i * 31) % 200;
        variants.push('(?, ?, 0, ?, ?, ?, NULL, ?, NULL)');
        variantArgs.push(`${id}v`, id, productSku(i), JSON.stringify({ Colour: colour }), price, stock);
        args.push(
          id,
          name,
          nameKey,
          '/images/sample.svg',
          BRANDS[i % BRANDS.length],
          CATEGORIES[i % CATEGORIES.length],
          `${name}: a synthetic product for the scale benchmark, ${FEATURES[i % FEATURES.length]}, with a description about as long as the demo catalogue's.`,
          price,
          stock,
          ((i * 13) % 50) / 10,
          (i * 17) % 40,
          at,
          at,
          JSON.stringify(specs),
          JSON.stringify([{ name: 'Colour', values: [colour] }]),
        );
      }
      await db.write(async (tx) => {
        await tx.execute({
          sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents, count_in_stock,
                  rating, num_reviews, created_at, updated_at, specs_json, options_json) VALUES ${values.join(', ')}`,
          args,
        });
        await tx.execute({
          sql: `INSERT INTO product_variants (id, product_id, position, sku, options_json, price_cents, compare_at_cents,
                  count_in_stock, image) VALUES ${variants.join(', ')}`,
          args: variantArgs,
        });
        await indexNameGrams(tx, named);
      });
    }
    const total = Number((await db.client.execute('SELECT count(*) AS n FROM products')).rows[0].n);
    return { seconds: (performance.now() - t0) / 1000, total };
  } finally {
    db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, count] = process.argv.slice(2);
  if (!dataDir || !Number(count)) {
    console.error('Usage: npx tsx bench/seed-products.ts <dataDir> <count>');
    process.exit(2);
  }
  const r = await seedProducts(dataDir, Number(count));
  console.log(`Seeded ${count} products in ${r.seconds.toFixed(1)} s (${r.total} in the database)`);
}
