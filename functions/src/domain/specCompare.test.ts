import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparableText,
  compareSpecs,
  differencesOnly,
  parseSpecValue,
  productComparison,
  specDirection,
  specKey,
} from './specCompare.js';

const laptops = [
  {
    specs: [
      { name: 'Storage', value: '512 GB SSD' },
      { name: 'Weight', value: '1.4 kg' },
      { name: 'Display', value: '14" IPS' },
      { name: 'Colour', value: 'Silver' },
    ],
  },
  {
    specs: [
      { name: 'storage ', value: '1 TB SSD' },
      { name: 'WEIGHT', value: '1290 g' },
      { name: 'Display', value: '35.56 cm IPS' },
      { name: 'Colour', value: 'silver' },
      { name: 'Battery', value: '72 Wh' },
    ],
  },
  {
    specs: [
      { name: 'Storage', value: '1000 GB SSD' },
      { name: 'Weight', value: '1,6 kg' },
      { name: 'Display', value: '14-inch IPS' },
      { name: 'Colour', value: 'Space grey' },
    ],
  },
];

describe('compare by specs: three laptops with storage in GB and TB', () => {
  const rows = compareSpecs(laptops);
  const row = (name: string) => rows.find((r) => r.name.toLowerCase() === name)!;

  it('aligns the rows by name whatever their case and spacing, in the order they first appear', () => {
    expect(rows.map((r) => r.name)).toEqual(['Storage', 'Weight', 'Display', 'Colour', 'Battery']);
    expect(row('storage').cells.map((c) => c.value)).toEqual(['512 GB SSD', '1 TB SSD', '1000 GB SSD']);
  });

  it('reads 1 TB as 1000 GB and marks both as the most storage', () => {
    expect(row('storage').cells.map((c) => c.quantity)).toEqual([
      { amount: 512, unit: 'GB' },
      { amount: 1000, unit: 'GB' },
      { amount: 1000, unit: 'GB' },
    ]);
    expect(row('storage').cells.map((c) => c.best)).toEqual([false, true, true]);
    expect(row('storage').direction).toBe('higher');
  });

  it('marks the lightest as best, grams against kilograms (a decimal comma too)', () => {
    expect(row('weight').cells.map((c) => c.quantity?.amount)).toEqual([1400, 1290, 1600]);
    expect(row('weight').cells.map((c) => c.best)).toEqual([false, true, false]);
  });

  it('sees 14", 35.56 cm and 14-inch as the same size: no difference, and no best without a direction', () => {
    expect(row('display').differs).toBe(false);
    expect(row('display').direction).toBeNull();
    expect(row('display').cells.every((c) => !c.best)).toBe(true);
  });

  it('differences only: a missing row differs, the same text in another case does not', () => {
    expect(row('battery').cells.map((c) => c.value)).toEqual([null, '72 Wh', null]);
    expect(row('battery').differs).toBe(true);
    expect(row('battery').cells.map((c) => c.best)).toEqual([false, false, false]); // one value: nothing to beat
    expect(differencesOnly(rows).map((r) => r.name)).toEqual(['Storage', 'Weight', 'Colour', 'Battery']);
    expect(compareSpecs([laptops[0]!, { specs: [{ name: 'colour', value: ' SILVER' }] }])[3]!.differs).toBe(false);
  });

  it('marks no best where units cannot be compared (mAh against Wh) or a value is not a quantity', () => {
    const battery = compareSpecs([
      { specs: [{ name: 'Battery', value: '5,000 mAh' }] },
      { specs: [{ name: 'Battery', value: '19 Wh' }] },
    ])[0]!;
    expect(battery.differs).toBe(true);
    expect(battery.cells.map((c) => c.best)).toEqual([false, false]);
    const storage = compareSpecs([
      { specs: [{ name: 'Storage', value: '256 GB' }] },
      { specs: [{ name: 'Storage', value: 'Expandable' }] },
    ])[0]!;
    expect(storage.cells.map((c) => c.best)).toEqual([false, false]);
  });
});

describe('compare across categories', () => {
  const product = (id: string, category: string, weight: string) =>
    ({ _id: id, category, specs: [{ name: 'Weight', value: weight }] }) as unknown as Parameters<
      typeof productComparison
    >[1][number];

  it('marks the best only among products of one category: a mouse is not the "best" laptop by weight', () => {
    const mixed = productComparison(
      ['laptop', 'mouse'],
      [product('laptop', 'Laptops', '1.4 kg'), product('mouse', 'Mice', '80 g')],
    );
    expect(mixed.bestMarked).toBe(false);
    expect(mixed.rows[0]!.cells.map((c) => c.best)).toEqual([false, false]);
    expect(mixed.rows[0]!.differs).toBe(true); // the values still differ, and are still shown as quantities
    expect(mixed.rows[0]!.cells[1]!.quantity).toEqual({ amount: 80, unit: 'g' });

    const laptops = productComparison(
      ['a', 'b'],
      [product('a', 'Laptops', '1.4 kg'), product('b', 'Laptops', '1290 g')],
    );
    expect(laptops.bestMarked).toBe(true);
    expect(laptops.rows[0]!.cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('reads a category as the catalogue does: case and spacing do not make two', () => {
    const answer = productComparison(['a', 'b'], [product('a', 'Laptops', '1.4 kg'), product('b', ' laptops', '2 kg')]);
    expect(answer.bestMarked).toBe(true);
    expect(answer.rows[0]!.cells.map((c) => c.best)).toEqual([true, false]);
  });
});

describe('spec values and names', () => {
  it("counts a word that is an Object property's name (constructor, toString) as a word of its own, not a unit", () => {
    expect(parseSpecValue('5 constructor')).toEqual({ amount: 5, unit: 'constructor' });
    expect(parseSpecValue('2 toString')).toEqual({ amount: 2, unit: 'tostring' });
    expect(parseSpecValue('3 __proto__')).toEqual({ amount: 3, unit: '' });
  });

  it('normalises the units', () => {
    expect(parseSpecValue('4,000 mAh')).toEqual({ amount: 4000, unit: 'mAh' });
    expect(parseSpecValue('4.5 Ah')).toEqual({ amount: 4500, unit: 'mAh' });
    expect(parseSpecValue('6.1" OLED, 120 Hz')).toEqual({ amount: 15.494, unit: 'cm' });
    expect(parseSpecValue('2.4GHz')).toEqual({ amount: 2.4e9, unit: 'Hz' });
    expect(parseSpecValue('65 W USB-C')).toEqual({ amount: 65, unit: 'W' });
    expect(parseSpecValue('8 cores')).toEqual({ amount: 8, unit: 'cores' });
    expect(parseSpecValue('12')).toEqual({ amount: 12, unit: '' });
    expect(parseSpecValue('Bluetooth')).toBeNull();
  });

  it('compares whole values with their quantities normalised, not only the first number', () => {
    expect(comparableText('1 TB SSD')).toBe(comparableText('1000 GB  ssd'));
    expect(comparableText('2 × USB-C')).toBe(comparableText('2 x usb-c'));
    expect(comparableText('2 × USB-C')).not.toBe(comparableText('2 × USB-A'));
    const ports = compareSpecs([
      { specs: [{ name: 'Ports', value: '2 × USB-C' }] },
      { specs: [{ name: 'Ports', value: '2 × USB-A' }] },
    ])[0]!;
    expect(ports.differs).toBe(true);
  });

  it('knows the direction of the common specs and guesses none for the others', () => {
    expect(specDirection('Weight')).toBe('lower');
    expect(specDirection('Battery life')).toBe('higher');
    expect(specDirection('Refresh rate')).toBe('higher');
    expect(specDirection('Storage (SSD)')).toBe('higher');
    expect(specDirection('Display')).toBeNull();
    expect(specDirection('Program')).toBeNull(); // "ram" as a word only
    expect(specKey('  Battery_Life: ')).toBe('battery life');
  });
});

const storageValue = fc
  .tuple(fc.integer({ min: 1, max: 64 }), fc.constantFrom('GB', 'TB'))
  .map(([n, unit]) => ({ text: `${n} ${unit}`, gb: unit === 'TB' ? n * 1000 : n }));

describe('compare by specs, properties', () => {
  it('the best storage is the largest in GB, however written, and every cell holding it is marked', () => {
    fc.assert(
      fc.property(fc.array(storageValue, { minLength: 2, maxLength: 4 }), (values) => {
        const [row] = compareSpecs(values.map((v) => ({ specs: [{ name: 'Storage', value: v.text }] })));
        const max = Math.max(...values.map((v) => v.gb));
        const allSame = values.every((v) => v.gb === values[0]!.gb);
        expect(row!.differs).toBe(!allSame);
        expect(row!.cells.map((c) => c.best)).toEqual(values.map((v) => !allSame && v.gb === max));
      }),
    );
  });

  it('the lightest weight is best, in g or kg', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 100, max: 5000 }), { minLength: 2, maxLength: 4 }), (grams) => {
        const specs = grams.map((g, i) => [{ name: 'Weight', value: i % 2 ? `${g / 1000} kg` : `${g} g` }]);
        const [row] = compareSpecs(specs.map((s) => ({ specs: s })));
        const min = Math.min(...grams);
        const allSame = grams.every((g) => g === grams[0]);
        expect(row!.cells.map((c) => c.best)).toEqual(grams.map((g) => !allSame && g === min));
      }),
    );
  });

  const spec = fc.record({
    name: fc.constantFrom('Storage', 'storage', 'Weight', 'Display', 'Colour', 'Battery', 'Ports'),
    value: fc.oneof(
      storageValue.map((v) => v.text),
      fc.constantFrom('Silver', '1.2 kg', '5000 mAh', '19 Wh', ''),
    ),
  });
  const product = fc.array(spec, { maxLength: 6 }).map((specs) => ({ specs }));

  it('one row per name, one cell per product; differences only never drops a row that differs', () => {
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 4 }), (products) => {
        const rows = compareSpecs(products);
        const names = new Set(products.flatMap((p) => p.specs.map((s) => specKey(s.name))));
        expect(rows.map((r) => specKey(r.name)).sort()).toEqual([...names].sort());
        for (const row of rows) {
          expect(row.cells).toHaveLength(products.length);
          if (!row.direction) expect(row.cells.some((c) => c.best)).toBe(false);
          if (row.cells.some((c) => c.best)) expect(row.differs).toBe(true);
        }
        expect(differencesOnly(rows)).toEqual(rows.filter((r) => r.differs));
      }),
    );
  });

  it('the order of the products changes only the order of the cells', () => {
    fc.assert(
      fc.property(fc.array(product, { minLength: 2, maxLength: 4 }), (products) => {
        const reversed = [...products].reverse();
        const key = (rows: ReturnType<typeof compareSpecs>) =>
          new Map(rows.map((r) => [specKey(r.name), { differs: r.differs, cells: r.cells }]));
        const forward = key(compareSpecs(products));
        const backward = key(compareSpecs(reversed));
        for (const [name, row] of forward) {
          expect(backward.get(name)!.differs).toBe(row.differs);
          expect(backward.get(name)!.cells).toEqual([...row.cells].reverse());
        }
      }),
    );
  });
});
