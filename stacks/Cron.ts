import { Duration } from "aws-cdk-lib";
import { StartingPosition } from "aws-cdk-lib/aws-lambda";
import { Cron as CronJob, StackContext, use } from "sst/constructs";
import { backendFunctionProps } from "./backend";
import { Database } from "./Database";

/** A report export may run this long (Lambda's limit), far past the API's 29 seconds. */
export const REPORT_EXPORT_TIMEOUT = 900;

/** A run of the Xero push items a stream batch brings (at most XERO_PUSH_BATCH, paced by the shared Xero call budget). */
export const XERO_PUSH_TIMEOUT = 120;
/** Push items per stream batch: the runner sends at most 50 a target in one call (core/accounts/xero-client.ts XERO_BATCH). */
export const XERO_PUSH_BATCH = 50;
/** How long the stream gathers items before handing a batch over: an approval of many documents goes in one run. */
export const XERO_PUSH_WINDOW_S = 2;

/** The fleet check's run may take this long: its reads are paced within the DVLA's and DVSA's limits. */
export const FLEET_CHECK_TIMEOUT = 900;

/** The league's re-rank may run this long; a run stopped short resumes at its cursor the next night (or run again). */
export const LEAGUE_RANK_TIMEOUT = 900;

/**
 * Scheduled and background jobs, with the same environment and bindings as
 * the API Lambdas: the daily and 15-minute crons, and the report exports
 * (core/platform/reports.ts), started by the new export item arriving on
 * the table's stream, and the Xero push consumer, started by a push item
 * written PENDING (docs/xero.md "When a document reaches Xero").
 */
export function Cron({ stack }: StackContext) {
  const props = backendFunctionProps();
  const { table } = use(Database);

  const recurringPayments = new CronJob(stack, "RecurringPayments", {
    schedule: "cron(0 2 * * ? *)", // daily at 02:00 UTC
    job: { function: { ...props, handler: "functions/cron/recurring-payments.handler" } },
  });

  const hireInvoices = new CronJob(stack, "HireInvoices", {
    schedule: "cron(30 1 * * ? *)", // daily at 01:30 UTC
    job: { function: { ...props, handler: "functions/cron/hire-invoices.handler" } },
  });

  const repeatingTransactions = new CronJob(stack, "RepeatingTransactions", {
    schedule: "cron(30 2 * * ? *)", // daily at 02:30 UTC
    job: { function: { ...props, handler: "functions/cron/repeating-transactions.handler" } },
  });

  const xeroSync = new CronJob(stack, "XeroSync", {
    schedule: "rate(15 minutes)",
    job: { function: { ...props, handler: "functions/cron/xero-sync.handler" } },
  });

  // The fleet check (docs/compliance.md): nightly, up to FLEET_CHECK_MAX vehicles at FLEET_CHECK_PER_SECOND
  // (500 at 2 a second: about 250 s of a 900 s run), resuming where the last run stopped.
  const fleetCheck = new CronJob(stack, "FleetCheck", {
    schedule: "cron(0 3 * * ? *)", // daily at 03:00 UTC
    job: {
      function: {
        ...props,
        handler: "functions/cron/fleet-check.handler",
        timeout: FLEET_CHECK_TIMEOUT,
        environment: { ...props.environment, FLEET_CHECK_MAX: "500", FLEET_CHECK_PER_SECOND: "2" },
      },
    },
  });

  // The fleet league's utilisation and cost per mile ranked again as of the new day (docs/finance.md), paced.
  const leagueRank = new CronJob(stack, "LeagueRank", {
    schedule: "cron(15 0 * * ? *)", // daily at 00:15 UTC
    job: { function: { ...props, handler: "functions/cron/league-rank.handler", timeout: LEAGUE_RANK_TIMEOUT, environment: { ...props.environment, LEAGUE_RANK_PACE_MS: "20" } } },
  });

  table.addConsumers(stack, {
    reportExports: {
      function: { ...props, handler: "functions/cron/report-export.handler", timeout: REPORT_EXPORT_TIMEOUT },
      // Only new export items (ElectroDB names an item's entity in __edb_e__).
      filters: [{ eventName: ["INSERT"], dynamodb: { NewImage: { __edb_e__: { S: ["reportexport"] } } } }],
      cdk: { eventSource: { startingPosition: StartingPosition.LATEST, batchSize: 1, retryAttempts: 1 } },
    },
    // A save or approval writes its Xero push item in its own unit; this sends it within seconds, off the request path
    // (functions/cron/xero-push.ts). Only push items written PENDING (new or queued again); the runner's own writes
    // (SENDING, SENT, FAILED) do not match. Failures: the stream retries twice, then the 15-minute sync sends what is due.
    xeroPushes: {
      function: { ...props, handler: "functions/cron/xero-push.handler", timeout: XERO_PUSH_TIMEOUT },
      filters: [{ eventName: ["INSERT", "MODIFY"], dynamodb: { NewImage: { __edb_e__: { S: ["xeropush"] }, status: { S: ["PENDING"] } } } }],
      cdk: {
        eventSource: {
          startingPosition: StartingPosition.LATEST,
          batchSize: XERO_PUSH_BATCH,
          maxBatchingWindow: Duration.seconds(XERO_PUSH_WINDOW_S),
          retryAttempts: 2,
        },
      },
    },
  });

  return { recurringPayments, hireInvoices, repeatingTransactions, xeroSync, fleetCheck, leagueRank };
}
