import type { SqlExecutor } from '../sql/sql.js';
import { SqlCustomerKeys } from './customerKeys.js';
import { masterKeyIn, masterKeyWrapping } from './keyWrapping.js';
import type { PrivacySettings } from './settings.js';
import { PersonalDataVault, type VaultOptions } from './vault.js';

export interface OpenedVault {
  readonly vault: PersonalDataVault;
  readonly keys: SqlCustomerKeys;
}

/** The vault of a process, on the key store in the read model's database (`sql`), its keys wrapped by the master key of PRIVACY_MASTER_KEY. */
export async function openVault(
  sql: SqlExecutor,
  settings: Pick<PrivacySettings, 'masterKeyFile'>,
  options: VaultOptions & { readOnly?: boolean } = {},
): Promise<OpenedVault> {
  const wrapping = masterKeyWrapping(await masterKeyIn(settings.masterKeyFile));
  const keys = await SqlCustomerKeys.open(sql, wrapping, { readOnly: options.readOnly });
  return { vault: new PersonalDataVault(keys, options), keys };
}
