import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FilePort } from '../../ports.js';

/** Uploads under DATA_DIR/uploads, served at /uploads/<random name>. */
export class LocalFiles implements FilePort {
  constructor(readonly dir: string) {}

  async saveImage(bytes: Uint8Array, ext: 'jpg' | 'png' | 'webp'): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // The name is ours, random, never the client's: no traversal, no overwrite, no guessing.
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return `/uploads/${name}`;
  }
}
