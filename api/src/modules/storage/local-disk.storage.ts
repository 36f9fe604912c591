import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  contentTypeOf,
  isValidKey,
  StorageAdapter,
  type ListedFile,
  type StoredFile,
} from './storage.adapter.js';

/** Stores files under a directory on local disk. Writes are atomic (temp file + rename). */
export class LocalDiskStorage extends StorageAdapter {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, path);
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return {
        stream: createReadStream(path),
        size: info.size,
        contentType: contentTypeOf(key),
        modifiedAt: info.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Files under the root whose path is a valid key (a temp file of a write in progress is not one). */
  async *list(): AsyncIterable<ListedFile> {
    const pending = [this.root];
    while (pending.length > 0) {
      const dir = pending.pop() as string;
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) pending.push(path);
        else if (entry.isFile()) {
          const key = relative(this.root, path).split(sep).join('/');
          if (!isValidKey(key) || key.endsWith('.tmp')) continue;
          try {
            yield { key, modifiedAt: (await stat(path)).mtime };
          } catch (error) {
            // Deleted while listing: not there any more.
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          }
        }
      }
    }
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }
}
