/** The longest period one sales report covers, in days: a year, a leap year's included. */
export const SALES_MAX_DAYS = 366;

/** A product is low on stock while what is left to order of it (on hand less reserved) is below this. */
export const LOW_STOCK_BELOW = 5;

/** How many products low on stock the report lists at most, fewest left first. */
export const LOW_STOCK_SHOWN = 50;

/** How many products and customers the sales report ranks by revenue. */
export const SALES_TOP = 10;
