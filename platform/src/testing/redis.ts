import { createClient } from 'redis';

/** A key prefix no other test uses, so test files can share one Redis. */
export function uniqueKeyPrefix(label = 'test'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}:`;
}

/** Deletes a test's keys (every key under its prefix). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  if (!prefix) throw new Error('refusing to delete keys without a prefix');
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}
