import type { SqlExecutor } from '../sql/sql.js';
import { SqlCustomerKeys } from './customerKeys.js';
import { masterKeyIn, masterKeyWrapping, readingWrapping } from './keyWrapping.js';
import type { PrivacySettings } from './settings.js';
import { PersonalDataVault, type VaultOptions } from './vault.js';

export interface OpenedVault {
  readonly vault: PersonalDataVault;
  readonly keys: SqlCustomerKeys;
}

/**
 * The vault of a process, on the key store in the read model's database (`sql`), its keys wrapped by the
 * master key of PRIVACY_MASTER_KEY; `readOnly`: one that only opens keys (the operators' tool).
 */
export async function openVault(
  sql: SqlExecutor,
  settings: Pick<PrivacySettings, 'masterKeyFile'>,
  options: VaultOptions & { readOnly?: boolean } = {},
): Promise<OpenedVault> {
  // A reader that only opens keys reads the master key when it first needs it, and never makes one.
  const wrapping = options.readOnly
    ? readingWrapping(settings.masterKeyFile)
    : masterKeyWrapping(await masterKeyIn(settings.masterKeyFile));
  const keys = await SqlCustomerKeys.open(sql, wrapping, { readOnly: options.readOnly });
  return { vault: new PersonalDataVault(keys, options), keys };
}
