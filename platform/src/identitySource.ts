import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, configOrExit, readConfig, type ShopConfig } from './config.js';

/** Who vouches for the Firebase ID tokens a process verifies. */
export type IdentitySource =
  /** Development only: the emulator accepts unsigned ID tokens, so anyone can claim any account. */
  | { readonly kind: 'emulator'; readonly host: string }
  /** Real Firebase, with Google Application Default Credentials found where they say. */
  | { readonly kind: 'firebase'; readonly credentials: string };

/** Reads a small local file; undefined when there is none. Never the network. */
export type LocalFileReader = (path: string) => string | undefined;

const readLocalFile: LocalFileReader = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The identity a process that verifies Firebase ID tokens may trust: the Auth emulator only when
 * FIREBASE_AUTH_EMULATOR_HOST names it, otherwise real Firebase, which needs credentials (checking
 * revoked sessions and finding accounts by email call Firebase's admin API). The credentials are
 * looked for as Application Default Credentials (firebase-admin's applicationDefault) look, without
 * the network: GOOGLE_APPLICATION_CREDENTIALS, gcloud's application-default file, or a Google Cloud
 * runtime (Cloud Run, Cloud Functions, Compute Engine), whose metadata server provides them.
 * Neither: a ConfigError, so that no process falls back to the emulator by accident.
 */
export function identitySource(
  config: Pick<ShopConfig, 'authEmulatorHost' | 'firebaseProjectId'>,
  env: NodeJS.ProcessEnv = process.env,
  read: LocalFileReader = readLocalFile,
): IdentitySource {
  if (config.authEmulatorHost) return { kind: 'emulator', host: config.authEmulatorHost };
  const credentials = findCredentials(env, read);
  if (credentials) return { kind: 'firebase', credentials };
  throw new ConfigError(
    `No Firebase credentials for project ${config.firebaseProjectId}, and no Auth emulator: set GOOGLE_APPLICATION_CREDENTIALS ` +
      'to a service account key file (or run where Application Default Credentials exist), or, for development only, ' +
      'FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 to use the Auth emulator',
  );
}

function findCredentials(env: NodeJS.ProcessEnv, read: LocalFileReader): string | undefined {
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (keyFile) {
    if (read(keyFile) === undefined) throw new ConfigError(`GOOGLE_APPLICATION_CREDENTIALS names ${keyFile}, which cannot be read`);
    return `GOOGLE_APPLICATION_CREDENTIALS (${keyFile})`;
  }
  // Where google-auth-library looks for `gcloud auth application-default login`'s file.
  const configDir = process.platform === 'win32' ? env.APPDATA : env.HOME && join(env.HOME, '.config');
  const gcloudFile = configDir && join(configDir, 'gcloud', 'application_default_credentials.json');
  if (gcloudFile && read(gcloudFile) !== undefined) return `gcloud application-default credentials (${gcloudFile})`;
  if (env.K_SERVICE || env.CLOUD_RUN_JOB || env.FUNCTION_NAME) return 'the Google Cloud runtime (Cloud Run or Cloud Functions)';
  if (/Google/.test(read('/sys/class/dmi/id/bios_vendor') ?? '')) return 'the Google Compute Engine metadata server';
  return undefined;
}

/** One line for a start banner. */
export function describeIdentitySource(source: IdentitySource, projectId: string): string {
  return source.kind === 'emulator'
    ? `Auth emulator http://${source.host} (project ${projectId}; development only: it accepts unsigned ID tokens)`
    : `Firebase project ${projectId}, credentials from ${source.credentials}`;
}

/**
 * For the entry point of a service that verifies ID tokens: its settings and the identity it may
 * trust (the Auth emulator only when FIREBASE_AUTH_EMULATOR_HOST says so; real Firebase needs
 * credentials), or the problem with them on stderr and exit code 2.
 */
export function serviceConfigOrExit(): { config: ShopConfig; identity: IdentitySource } {
  return configOrExit(() => {
    const config = readConfig();
    return { config, identity: identitySource(config) };
  });
}
