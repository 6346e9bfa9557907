import {
  IDEMPOTENCY_KEY_HEADER,
  type Acknowledgement,
  type AddProductInput,
  type AddProductResponse,
  type ApiError,
  type CancelOrderInput,
  type LoginResponse,
  type LoginSyncInput,
  type LogoutInput,
  type MakeAdminInput,
  type OrderStatus,
  type OrderStatusCommand,
  type PlaceOrderInput,
  type PlaceOrderResponse,
  type PostReviewInput,
  type PostReviewResponse,
  type RestockInput,
  type UpdateProductInput,
} from '@toolforge/contracts';

/** A command the server refused or could not take: its message is the one to show. */
export class CommandRefused extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}

/**
 * What a command answers when it went through. Most carry the position of the event they appended;
 * an edit that changed nothing appends nothing, so it has none.
 */
export interface Acknowledged {
  acknowledged: true;
  position?: string;
}

/** A body that may or may not say it was acknowledged: the spec reads the flag, never assumes it. */
export type Answer<T extends Acknowledged> = Omit<T, 'acknowledged'> & { acknowledged: boolean };

/** An order moved on (a status set by an admin, or a cancel): the status it is in now. */
export interface OrderMoved extends Acknowledgement {
  status: OrderStatus;
}

/** A product edit: without a position when no field changed (nothing was appended). */
export type ProductEdited = Acknowledged;

/** The command service's calls (docs/architecture.md#9-the-products-rules, docs/architecture.md#4-the-command-side, docs/architecture.md#5-identity-and-roles). Only sagas use it. */
export interface CommandClient {
  login(idToken: string, body: LoginSyncInput): Promise<Answer<LoginResponse>>;
  logout(accessToken: string, body: LogoutInput): Promise<Answer<Acknowledgement>>;
  placeOrder(accessToken: string, body: PlaceOrderInput, idempotencyKey: string): Promise<Answer<PlaceOrderResponse>>;
  addProduct(accessToken: string, body: AddProductInput): Promise<Answer<AddProductResponse>>;
  deleteProduct(accessToken: string, productId: string): Promise<Answer<Acknowledgement>>;
  makeAdmin(accessToken: string, body: MakeAdminInput): Promise<Answer<Acknowledgement>>;
  setOrderStatus(accessToken: string, orderId: string, body: OrderStatusCommand, idempotencyKey: string): Promise<Answer<OrderMoved>>;
  cancelOrder(accessToken: string, orderId: string, body: CancelOrderInput, idempotencyKey: string): Promise<Answer<OrderMoved>>;
  updateProduct(accessToken: string, productId: string, body: UpdateProductInput): Promise<Answer<ProductEdited>>;
  restockProduct(accessToken: string, productId: string, body: RestockInput): Promise<Answer<Acknowledgement>>;
  /** Without a position when the post repeated the review as it stands. */
  postReview(accessToken: string, body: PostReviewInput): Promise<Answer<PostReviewResponse>>;
}

function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string';
}

export function httpCommandClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): CommandClient {
  async function send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, bearer: string, body?: unknown, headers = {}): Promise<T> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      // A proxy's HTML error page: fall through to the status text.
    }
    if (!response.ok) {
      if (isApiError(json)) throw new CommandRefused(json.message, response.status, json.fields);
      throw new CommandRefused(response.statusText || `Request failed with status ${response.status}`, response.status);
    }
    return json as T;
  }

  return {
    login: (idToken, body) => send('POST', '/login', idToken, body),
    logout: (accessToken, body) => send('POST', '/logout', accessToken, body),
    placeOrder: (accessToken, body, idempotencyKey) =>
      send('POST', '/order', accessToken, body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    addProduct: (accessToken, body) => send('POST', '/addproduct', accessToken, body),
    deleteProduct: (accessToken, productId) => send('DELETE', `/deleteproduct/${encodeURIComponent(productId)}`, accessToken),
    makeAdmin: (accessToken, body) => send('POST', '/makeadmin', accessToken, body),
    setOrderStatus: (accessToken, orderId, body, idempotencyKey) =>
      send('POST', `/orders/${encodeURIComponent(orderId)}/status`, accessToken, body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    cancelOrder: (accessToken, orderId, body, idempotencyKey) =>
      send('POST', `/orders/${encodeURIComponent(orderId)}/cancel`, accessToken, body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    updateProduct: (accessToken, productId, body) => send('PUT', `/product/${encodeURIComponent(productId)}`, accessToken, body),
    restockProduct: (accessToken, productId, body) => send('POST', `/product/${encodeURIComponent(productId)}/restock`, accessToken, body),
    postReview: (accessToken, body) => send('POST', '/review', accessToken, body),
  };
}

/** The text to show for anything a call or the identity provider threw. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Request failed';
}
