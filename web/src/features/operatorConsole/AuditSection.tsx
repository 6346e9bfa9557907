import { useState, type FormEvent } from 'react';
import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { useLazyLogVerificationQuery, useLazyOrderAuditQuery } from './operatorApi';
import { auditSummary, disagreementText, totalText, verifySummary } from './operatorConsoleTexts';
import { DataTable } from '../../components/table/DataTable';

/** An order's audit (`toolforge audit order`): its history from the log, and its read-model row checked against it. */
export function OrderAuditSection() {
  const [orderId, setOrderId] = useState('');
  const [audit, result] = useLazyOrderAuditQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderId.trim()) void audit(orderId.trim(), false);
  };
  const order = result.data;
  return (
    <section aria-labelledby="console-order-audit">
      <h3 id="console-order-audit">Order audit</h3>
      <form className="inline-form" noValidate onSubmit={submit}>
        <TextField label="Order id" value={orderId} onChange={(event) => setOrderId(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={result.isFetching}>
          Audit order
        </button>
      </form>
      {result.isError && <FormMessage kind="error">{readErrorText(result.error)}</FormMessage>}
      {order && !result.isError && (
        <div aria-live="polite">
          <p>
            Order {order.orderId} of {order.userId}, {order.status}, {totalText(order.totalCostCents)}.{' '}
            {auditSummary(order.checked, order.disagreements.length, order.wrongSums.length)}
          </p>
          <ul>
            {order.disagreements.map((disagreement) => (
              <li key={`${disagreement.what}/${disagreement.id}/${disagreement.field}`}>{disagreementText(disagreement)}</li>
            ))}
            {order.wrongSums.map((sum) => (
              <li key={sum.field}>
                {sum.field}: recorded {sum.recorded}, computed {sum.computed}
              </li>
            ))}
          </ul>
          <DataTable caption="The order’s events in the log" columns={['Position', 'Time', 'Event', 'Status after']}>
            {order.history.map((line) => (
              <tr key={line.position}>
                <td data-label="Position" className="cell-long">
                  {line.position}
                </td>
                <td data-label="Time">
                  <time dateTime={line.time}>{new Date(line.time).toLocaleString()}</time>
                </td>
                <td data-label="Event">
                  {line.type}
                  {line.reason ? ` (${line.reason})` : ''}
                </td>
                <td data-label="Status after">{line.status}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}

/** `toolforge audit verify` from a button: the hash chain of every partition, met with the signed anchors. */
export function VerifySection() {
  const [verify, result] = useLazyLogVerificationQuery();
  const report = result.data;
  return (
    <section aria-labelledby="console-verify">
      <h3 id="console-verify">The log’s verification</h3>
      <p>Reads the whole log as written: on a long log it takes a while.</p>
      <button type="button" className="button button--primary" disabled={result.isFetching} onClick={() => void verify(undefined, false)}>
        Verify the log
      </button>
      {result.isFetching && <p role="status">Verifying the log…</p>}
      {result.isError && <FormMessage kind="error">{readErrorText(result.error)}</FormMessage>}
      {report && !result.isFetching && !result.isError && (
        <div aria-live="polite">
          <p>{verifySummary(report)}</p>
          <ul>
            {report.problems.map((problem, index) => (
              <li key={index}>
                {problem.position ? `${problem.position.topic}/${problem.position.partition}/${problem.position.offset}` : '(anchors)'}:{' '}
                {problem.kind}, {problem.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
