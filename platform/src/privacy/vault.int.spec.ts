import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, type InvoiceIssued, type LogPosition, type ShopEvent } from '@toolforge/contracts';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { StoredEvent } from '../eventLog/eventLog.js';
import { pgliteSql } from '../sql/sql.js';
import { SqlCustomerKeys } from './customerKeys.js';
import { MasterKeyError, masterKeyIn, masterKeyWrapping } from './keyWrapping.js';
import { openValue, sealValue, UnopenableValue } from './sealedValues.js';
import { invoicesKeptUntil, privacySettings } from './settings.js';
import { MissingDataKey, PersonalDataVault } from './vault.js';

let db: PGlite;
let keys: SqlCustomerKeys;
let folder: string;
const wrapping = masterKeyWrapping(Buffer.alloc(32, 7));

// One database for the file (PGlite takes seconds to start), its store emptied before each test.
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());
beforeEach(async () => {
  keys = await SqlCustomerKeys.open(pgliteSql(db), wrapping);
  await db.query('delete from privacy_data_keys');
  folder = await mkdtemp(join(tmpdir(), 'toolforge-privacy-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

let offset = 0;
/** The events as a log hands them back: where each sits. */
function stored(events: readonly ShopEvent[]): StoredEvent[] {
  return events.map((event) => {
    const position: LogPosition = { topic: 'sales.orders', partition: 0, offset: offset++ };
    return { ...event, position, streamId: 's', streamPosition: 1 };
  });
}

const product = { productId: 'p-1', name: 'Claw hammer', priceCents: 1500 };

describe('sealed values', () => {
  it('open under their key at their place only, and never show the clear text', () => {
    const key = Buffer.alloc(32, 1);
    const place = { eventId: 'e-1', type: 'OrderPlaced', path: 'userName' };
    const sealed = sealValue(key, 'Ada Lovelace', place);
    expect(JSON.stringify(sealed)).not.toContain('Ada');
    expect(sealValue(key, 'Ada Lovelace', place)).not.toEqual(sealed);
    expect(openValue(key, sealed, place)).toBe('Ada Lovelace');
    expect(() => openValue(Buffer.alloc(32, 2), sealed, place)).toThrow(UnopenableValue);
    expect(() => openValue(key, sealed, { ...place, path: 'shippingAddress' })).toThrow(UnopenableValue);
    expect(() => openValue(key, sealed, { ...place, eventId: 'e-2' })).toThrow(UnopenableValue);
    const flipped = { $sealed: sealed.$sealed.slice(0, -2) + (sealed.$sealed.endsWith('A') ? 'B' : 'A') + sealed.$sealed.slice(-1) };
    expect(() => openValue(key, flipped, place)).toThrow(UnopenableValue);
    expect(() => openValue(key, { $sealed: '2.abc' }, place)).toThrow(/version/);
  });
});

describe('the vault', () => {
  it('seals every personal value under its customer’s key, keeps what an audit needs in clear, and opens them back', async () => {
    const vault = new PersonalDataVault(keys);
    const signedIn = userSignedIn({
      uid: 'u-ada',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      photoURL: 'https://pics.example/ada.png',
    });
    const order = orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Forge Lane, Leeds', quantity: 2 });
    const added = productAdded();
    const sealed = await vault.seal([signedIn, order, added]);
    const written = JSON.stringify(sealed);
    for (const clear of ['ada@example.com', 'Ada Lovelace', 'Forge Lane', 'pics.example']) expect(written).not.toContain(clear);
    expect(sealed[1]!.data).toMatchObject({ userId: 'u-ada', orderId: order.data.orderId, totalCostCents: order.data.totalCostCents });
    expect((sealed[1] as typeof order).data.lines).toEqual(order.data.lines);
    expect(sealed[2]).toBe(added);
    // Another process, its own vault on the same store.
    const revealed = await new PersonalDataVault(keys).reveal(stored(sealed));
    expect(revealed.map((event) => event.data)).toEqual([signedIn.data, order.data, added.data]);
  });

  it('reads a forgotten customer’s values as forgotten, leaves the others, and seals nothing of theirs again', async () => {
    const vault = new PersonalDataVault(keys);
    const ada = orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Forge Lane' });
    const bob = orderPlaced(product, { userId: 'u-bob', userName: 'Bob Smith', shippingAddress: '3 Anvil Road' });
    const log = stored(await vault.seal([ada, bob]));
    await keys.forget('u-ada', null);
    // A reader that opened Ada's key before keeps it no longer than the erasure's event.
    const reader = new PersonalDataVault(keys);
    const forgotten = await reader.reveal(log);
    expect(forgotten[0]!.data).toMatchObject({ userName: FORMER_CUSTOMER, shippingAddress: '', totalCostCents: ada.data.totalCostCents });
    expect(forgotten[1]!.data).toEqual(bob.data);
    // The writer's own copy of the key goes with the erasure; what comes after is written forgotten.
    vault.dropKeysOf('u-ada');
    const later = await vault.seal([orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Forge Lane' })]);
    expect(later[0]!.data).toMatchObject({ userName: FORMER_CUSTOMER, shippingAddress: '' });
  });

  it('drops a key it holds when it reads the erasure’s event', async () => {
    const writer = new PersonalDataVault(keys);
    const log = stored(await writer.seal([orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace' })]));
    const reader = new PersonalDataVault(keys);
    expect((await reader.reveal(log))[0]!.data).toMatchObject({ userName: 'Ada Lovelace' });
    await keys.forget('u-ada', null);
    expect((await reader.reveal(log))[0]!.data).toMatchObject({ userName: 'Ada Lovelace' }); // its copy, within its time to live
    const erasure = stored([{ type: 'CustomerForgotten', data: { uid: 'u-ada', by: 'customer' }, meta: log[0]!.meta }]);
    expect((await reader.reveal([...erasure, ...log]))[1]!.data).toMatchObject({ userName: FORMER_CUSTOMER });
  });

  it('keeps an invoice’s buyer for the retention, then lets it go', async () => {
    const vault = new PersonalDataVault(keys, { keyTtlMs: 0 });
    const invoice = {
      type: 'InvoiceIssued',
      data: { buyer: { userId: 'u-ada', name: 'Ada Lovelace', address: '12 Forge Lane' } },
      meta: orderPlaced(product).meta,
    } as unknown as InvoiceIssued;
    const log = stored(await vault.seal([invoice, orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace' })]));
    expect(JSON.stringify(log)).not.toContain('Ada');
    const erasedAt = new Date('2026-11-28T12:00:00Z');
    await keys.forget('u-ada', invoicesKeptUntil(erasedAt, 10));
    const kept = await vault.reveal(log);
    expect(kept[0]!.data).toEqual(invoice.data);
    expect(kept[1]!.data).toMatchObject({ userName: FORMER_CUSTOMER });
    expect(await keys.destroyDue(new Date('2036-12-31T23:59:59Z'))).toBe(0);
    expect(await keys.destroyDue(new Date('2037-01-01T00:00:00Z'))).toBe(1);
    expect((await vault.reveal(log))[0]!.data).toEqual({ buyer: { userId: 'u-ada', name: FORMER_CUSTOMER, address: '' } });
    expect(invoicesKeptUntil(erasedAt, 0)).toBeNull();
  });

  it('opens a log from before sealing as it is, and refuses a sealed value whose key the store never had', async () => {
    const clear = stored([orderPlaced(product, { userId: 'u-old', userName: 'Old Customer' })]);
    const vault = new PersonalDataVault(keys);
    expect(await vault.reveal(clear)).toEqual(clear);
    const elsewhere = await PGlite.create();
    const otherStore = await SqlCustomerKeys.open(pgliteSql(elsewhere), wrapping);
    const sealed = stored(await new PersonalDataVault(otherStore).seal([orderPlaced(product, { userId: 'u-x', userName: 'X' })]));
    await expect(vault.reveal(sealed)).rejects.toThrow(MissingDataKey);
    await elsewhere.close();
  });

  it('keeps data keys wrapped: the store holds no key in clear, and another master key opens none', async () => {
    const vault = new PersonalDataVault(keys);
    const log = stored(await vault.seal([orderPlaced(product, { userId: 'u-ada', userName: 'Ada Lovelace' })]));
    const rows = await db.query<{ wrapped_key: string; wrapped_by: string }>('select wrapped_key, wrapped_by from privacy_data_keys');
    expect(rows.rows).toHaveLength(1);
    expect(Buffer.from(rows.rows[0]!.wrapped_key, 'base64').length).toBe(12 + 16 + 32);
    const stranger = await SqlCustomerKeys.open(pgliteSql(db), masterKeyWrapping(Buffer.alloc(32, 8)));
    await expect(new PersonalDataVault(stranger).reveal(log)).rejects.toThrow(
      /was not wrapped by this process's master key local:[0-9a-f]{16}/,
    );
    expect(rows.rows[0]!.wrapped_by).toBe(wrapping.keyName);
  });
});

describe('the master key and the settings', () => {
  it('is made once, owner-only, by the processes that start together; a file that holds none is refused', async () => {
    const file = join(folder, 'keys', 'privacy-master-key');
    const [one, two] = await Promise.all([masterKeyIn(file), masterKeyIn(file)]);
    expect(one.equals(two)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await masterKeyIn(file)).equals(one)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(one.toString('base64'));
    await writeFile(file, 'not a key');
    await expect(masterKeyIn(file)).rejects.toThrow(MasterKeyError);
  });

  it('reads PRIVACY_MASTER_KEY and INVOICE_RETENTION_YEARS, refusing a retention that is no number of years', () => {
    const problem = (message: string) => new Error(message);
    expect(privacySettings({}, '/data', problem)).toEqual({ masterKeyFile: '/data/privacy-master-key', invoiceRetentionYears: 10 });
    expect(privacySettings({ PRIVACY_MASTER_KEY: '/secrets/k', INVOICE_RETENTION_YEARS: '0' }, '/data', problem)).toEqual({
      masterKeyFile: '/secrets/k',
      invoiceRetentionYears: 0,
    });
    expect(() => privacySettings({ INVOICE_RETENTION_YEARS: 'ten' }, '/data', problem)).toThrow(/from 0 to 30, not "ten"/);
    expect(() => privacySettings({ INVOICE_RETENTION_YEARS: '99' }, '/data', problem)).toThrow(/from 0 to 30/);
  });
});
