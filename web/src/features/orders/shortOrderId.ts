/** How the shop names an order to people: the first characters of its id, as the order lists show it. */
export const shortOrderId = (orderId: string) => orderId.slice(0, 8);
