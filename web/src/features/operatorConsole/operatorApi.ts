import {
  OPERATOR_PATHS,
  orderAuditPath,
  type DeadLettersDto,
  type OrderAuditDto,
  type ProjectionsDto,
  type VerifyReportDto,
} from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';
import { config } from '../../config';

/** An address of the operator console's API: its own server in services mode (the projector's), the shop's one API when embedded. */
export const operatorUrl = (path: string) => `${config.operatorApi}${path}`;

/**
 * The console's reads (docs/operators.md#the-operator-console), with the shop's signed-in headers.
 * They show the log and the read model as they are: no X-Read-After (no topics), no tags; the
 * projections are polled while shown, the audits and the verification run when asked for.
 */
export const operatorApi = injectReads(
  (build) => ({
    projections: build.query<ProjectionsDto, void>({ query: () => operatorUrl(OPERATOR_PATHS.projections) }),
    deadLetters: build.query<DeadLettersDto, void>({ query: () => operatorUrl(OPERATOR_PATHS.deadLetters) }),
    orderAudit: build.query<OrderAuditDto, string>({ query: (orderId) => operatorUrl(orderAuditPath(orderId)) }),
    logVerification: build.query<VerifyReportDto, void>({ query: () => operatorUrl(OPERATOR_PATHS.verify) }),
  }),
  { projections: [], deadLetters: [], orderAudit: [], logVerification: [] },
  [],
);

export const { useProjectionsQuery, useDeadLettersQuery, useLazyOrderAuditQuery, useLazyLogVerificationQuery } = operatorApi;
