/**
 * A read-model row as a driver hands it back, its columns selected under the view's field names.
 * Drivers differ in how they hand back bigint and timestamptz (number, string, BigInt, Date), so
 * the fields in `ReadBothWays` are unknown until read with Number or isoTime.
 */
export type DriverRecord<View, ReadBothWays extends keyof View> = Omit<View, ReadBothWays> & Record<ReadBothWays, unknown>;
