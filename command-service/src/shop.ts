import {
  CURRENT_SCHEMA_VERSION,
  ConcurrencyError,
  TOPICS,
  formatPosition,
  fromCents,
  messages,
  toCents,
  type AddProductCommand,
  type ApiUser,
  type AppendResult,
  type EventLog,
  type PlaceOrderCommand,
  type ShopEvent,
  type Topic,
} from '@toolforge/contracts';
import { CommandRejected, type Decided } from './domain/decided.js';
import { decideOrder } from './domain/order/decide.js';
import { decideProduct } from './domain/product/decide.js';
import { decideUser, type RolePolicy } from './domain/user/decide.js';
import { orderFingerprint, type WriteModel } from './domain/writeModel.js';
import type { VerifiedIdentity } from './identity/identityProvider.js';

export interface ShopDeps {
  log: EventLog;
  model: WriteModel;
  policy: RolePolicy;
  clock?: () => Date;
  newId?: () => string;
}

export interface Accepted {
  position: string;
}

/** How often a command is decided again after another writer got to the stream first. */
const CONCURRENCY_RETRIES = 3;

/**
 * The command side's use cases: each loads the aggregate from the write model, decides, appends
 * with the version it decided on, and applies what the log stored. Commands run one at a time, so
 * stock checks and appends cannot interleave within this writer.
 */
export class Shop {
  private readonly log: EventLog;
  private readonly model: WriteModel;
  private readonly policy: RolePolicy;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(deps: ShopDeps) {
    this.log = deps.log;
    this.model = deps.model;
    this.policy = deps.policy;
    this.clock = deps.clock ?? (() => new Date());
    this.newId = deps.newId ?? (() => crypto.randomUUID());
  }

  signIn(identity: VerifiedIdentity & { email: string }, name: string): Promise<Accepted & { user: ApiUser }> {
    return this.execute(async () => {
      const displayName = name || identity.name || identity.email.split('@')[0]!;
      const decided = decideUser(
        {
          type: 'SignIn',
          data: {
            uid: identity.uid,
            email: identity.email,
            emailVerified: identity.emailVerified,
            name: displayName,
            photoURL: identity.picture,
          },
        },
        this.model.users.get(identity.uid),
        this.policy,
      );
      const result = await this.append(TOPICS.users, identity.uid, decided, identity.uid);
      const user = { uid: identity.uid, name: displayName, email: identity.email, admin: this.model.isAdmin(identity.uid) };
      return { position: formatPosition(result.position), user };
    });
  }

  signOut(uid: string): Promise<Accepted> {
    return this.execute(async () => {
      const decided = decideUser({ type: 'SignOut', data: { uid } }, this.model.users.get(uid), this.policy);
      return this.accepted(await this.append(TOPICS.users, uid, decided, uid));
    });
  }

  grantAdmin(actor: string, grantee: { uid: string; email: string }): Promise<Accepted> {
    return this.execute(async () => {
      const decided = decideUser({ type: 'GrantAdmin', data: grantee }, this.model.users.get(grantee.uid), this.policy);
      return this.accepted(await this.append(TOPICS.users, grantee.uid, decided, actor));
    });
  }

  /** `actor` null: the system (seeding), not a signed-in admin. */
  addProduct(actor: string | null, product: AddProductCommand): Promise<Accepted & { productId: string }> {
    return this.execute(async () => {
      const productId = this.newId();
      const decided = decideProduct({ type: 'AddProduct', data: { ...product, productId } }, this.model.products.get(productId));
      return { ...this.accepted(await this.append(TOPICS.products, productId, decided, actor)), productId };
    });
  }

  deleteProduct(actor: string, productId: string): Promise<Accepted> {
    return this.execute(async () => {
      const decided = decideProduct({ type: 'DeleteProduct', data: { productId } }, this.model.products.get(productId));
      return this.accepted(await this.append(TOPICS.products, productId, decided, actor));
    });
  }

  /**
   * Places an order for `actor`. With an Idempotency-Key, a retry of the same order answers the
   * first acknowledgement again and appends nothing; a different order under that key is refused.
   */
  placeOrder(
    actor: string,
    order: PlaceOrderCommand,
    idempotencyKey?: string,
  ): Promise<Accepted & { orderId: string; totalCost: number; replayed: boolean }> {
    return this.execute(async () => {
      const clientTotalCents = toCents(order.totalCost);
      // The schema has already refused any total toCents cannot read.
      if (clientTotalCents === null) throw new Error(`unreadable total ${order.totalCost}`);
      const fingerprint = orderFingerprint({ ...order, quantity: order.orderQuantity, totalCostCents: clientTotalCents });

      const receipt = idempotencyKey ? this.model.receipt(actor, idempotencyKey) : undefined;
      if (receipt) {
        if (receipt.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
        const { orderId, position, totalCostCents } = receipt;
        return { orderId, position, totalCost: fromCents(totalCostCents), replayed: true };
      }

      const orderId = this.newId();
      const decided = decideOrder(
        {
          type: 'PlaceOrder',
          data: {
            orderId,
            productId: order.productId,
            userId: actor,
            userName: order.userName || (this.model.users.get(actor)?.name ?? ''),
            quantity: order.orderQuantity,
            shippingAddress: order.shippingAddress,
            clientTotalCents,
          },
        },
        { order: this.model.orders.get(orderId), product: this.model.products.get(order.productId) },
      );
      const result = await this.append(TOPICS.orders, orderId, decided, actor, idempotencyKey);
      return { ...this.accepted(result), orderId, totalCost: fromCents(clientTotalCents), replayed: false };
    });
  }

  private accepted(result: AppendResult): Accepted {
    return { position: formatPosition(result.position) };
  }

  private async append(
    topic: Topic,
    streamId: string,
    decided: Decided[],
    actor: string | null,
    commandId: string = this.newId(),
  ): Promise<AppendResult> {
    const occurredAt = this.clock().toISOString();
    const events = decided.map(
      (event) =>
        ({
          ...event,
          meta: { eventId: this.newId(), occurredAt, actor, commandId, schemaVersion: CURRENT_SCHEMA_VERSION },
        }) as ShopEvent,
    );
    const result = await this.log.append({ topic, streamId, expectedVersion: this.model.version(topic, streamId), events });
    for (const stored of result.stored) this.model.apply(stored);
    return result;
  }

  /** Runs one command after the previous one; decides again if another writer appended first. */
  private execute<T>(command: () => Promise<T>): Promise<T> {
    const run = async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await command();
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt > CONCURRENCY_RETRIES) throw error;
          await this.model.catchUp(this.log);
        }
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** The same Idempotency-Key came with a different order (422). */
export class IdempotencyKeyReused extends CommandRejected {
  constructor() {
    super('conflict', messages.idempotencyKeyReused);
    this.name = 'IdempotencyKeyReused';
  }
}
