import { isoTime, type SqlQueryable } from '@toolforge/platform/sql';
import { recordReader } from '../shared/driverRecord.js';

/** An account as the read model holds it (identity/tables.ts): what the identity provider said of it at its last sign-in, and its role. */
export interface AccountProfileView {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly photoURL: string | null;
  readonly emailVerified: boolean;
  readonly admin: boolean;
}

/** One e-mail of the outbox (projector/src/mail), as decided for one of the customer's orders. */
export interface OutboxEmailView {
  /** Which of the order's e-mails: placed, paid, shipped… */
  readonly kind: string;
  readonly orderId: string;
  /** The address it went or goes to; '' when none was known, verified or kept. */
  readonly to: string;
  readonly state: string;
  readonly decidedAt: string;
  readonly sentAt: string | null;
  /** What it is written from (the documents' OrderEmailFacts, as the outbox stored them): its subject is made from these. */
  readonly facts: unknown;
}

/** The reads of a customer's right of access (GET /me/data), the caller's own data only; the orders and reviews are their features' reads. */
export interface PrivacyReader {
  /** The caller's account; null before its first sign-in is projected. */
  accountProfile(uid: string): Promise<AccountProfileView | null>;
  /** The e-mails decided for the customer's orders, in the order decided; none where the shop keeps no outbox (no SMTP set up). */
  emailsOfCustomer(uid: string): Promise<OutboxEmailView[]>;
}

const toOutboxEmailView = recordReader<OutboxEmailView>()({
  decidedAt: isoTime,
  sentAt: (value) => (value === null || value === undefined ? null : isoTime(value)),
});
type OutboxEmailRecord = Parameters<typeof toOutboxEmailView>[0];

/** The reads of the right of access on the read model's database. */
export function sqlPrivacyReader(sql: SqlQueryable): PrivacyReader {
  return {
    async accountProfile(uid) {
      const result = await sql.query<AccountProfileView>(
        `select uid, email, name, photo_url as "photoURL", email_verified as "emailVerified", admin from users where uid = $1`,
        [uid],
      );
      return result.rows[0] ?? null;
    },
    async emailsOfCustomer(uid) {
      // The outbox's tables are its own (migrated by the outbox when it first starts): a shop without SMTP has none.
      const present = await sql.query<{ outbox: unknown }>(`select to_regclass('mail_outbox') as outbox`);
      if (present.rows[0]?.outbox === null) return [];
      const result = await sql.query<OutboxEmailRecord>(
        `select m.email as kind, m.order_id as "orderId", coalesce(m.message->'to'->>'address', '') as "to", m.state,
                m.decided_at as "decidedAt", m.sent_at as "sentAt", m.message->'facts' as facts
           from orders o join mail_outbox m on m.order_id = o.order_id
          where o.user_id = $1
          order by m.seq`,
        [uid],
      );
      return result.rows.map(toOutboxEmailView);
    },
  };
}
