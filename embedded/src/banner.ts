import type { RunningShop } from './host.js';

/** What `make start` prints once the shop answers: where everything is and how to sign in. */
export function describeRunningShop(shop: RunningShop): string {
  const { config } = shop;
  const lines = [
    '',
    'ToolForge is running (embedded: one process, one PGlite database).',
    '',
    `  API            ${shop.apiUrl}   (command and query routes)`,
    shop.webUrl
      ? `  Web app        ${shop.webUrl}`
      : `  Web app        not built: run \`npm run build -w web\`, then \`make start\` again to serve it on port ${config.webPort}`,
    config.authEmulatorHost
      ? `  Auth emulator  http://${config.authEmulatorHost}   (project ${config.firebaseProjectId})`
      : `  Firebase       project ${config.firebaseProjectId}`,
    `  Data           ${shop.dataDir}`,
    shop.seeded > 0
      ? `  Catalogue      ${shop.seeded} products seeded into the empty log`
      : '  Catalogue      resumed from the log in the data dir',
  ];
  if (shop.accounts.length > 0) {
    lines.push('', '  Sign in with:');
    for (const account of shop.accounts) {
      const note = account.role === 'admin' && !config.adminEmails.includes(account.email) ? '  (not in ADMIN_EMAILS: no admin rights)' : '';
      lines.push(`    ${account.role.padEnd(9)} ${account.email.padEnd(24)} password ${account.password}${note}`);
    }
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
