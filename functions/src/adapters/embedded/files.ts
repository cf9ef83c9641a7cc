import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { variantName } from '../../domain/index.js';
import type { ReencodedImage } from '../../images/pipeline.js';
import type { FilePort } from '../../ports.js';

/** Uploads under DATA_DIR/uploads, served at /uploads/<random name>.webp, the smaller copies beside it. */
export class LocalFiles implements FilePort {
  constructor(readonly dir: string) {}

  async saveImage(image: ReencodedImage): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // The name is ours, random, never the client's: no traversal, no overwrite, no guessing.
    const name = randomBytes(16).toString('hex');
    // The copies first: once the main file exists, its srcset may be asked for.
    await Promise.all(
      image.variants.map((v) => writeFile(join(this.dir, variantName(name, v.width)), v.bytes, { flag: 'wx' })),
    );
    await writeFile(join(this.dir, `${name}.webp`), image.main, { flag: 'wx' });
    return `/uploads/${name}.webp`;
  }
}
