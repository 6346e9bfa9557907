/**
 * A read-model row as a driver hands it back, its columns selected under the view's field names.
 * Drivers differ in how they hand back bigint and timestamptz (number, string, BigInt, Date), so
 * the fields in `ReadBothWays` are unknown until read (with Number, isoTime).
 */
export type DriverRecord<View, ReadBothWays extends keyof View> = Omit<View, ReadBothWays> & Record<ReadBothWays, unknown>;

/**
 * The reader of a view's records: each field `read` names is read with its function, the others are
 * taken as they are. `recordReader<OrderView>()({ placedAt: isoTime, … })`.
 */
export function recordReader<View>() {
  return <ReadBothWays extends keyof View>(read: { readonly [Field in ReadBothWays]: (value: unknown) => View[Field] }) =>
    (row: DriverRecord<View, ReadBothWays>): View => {
      const view: Record<PropertyKey, unknown> = { ...row };
      for (const field of Object.keys(read) as ReadBothWays[]) view[field] = read[field](row[field]);
      return view as View;
    };
}
