import { Cron as CronJob, StackContext } from "sst/constructs";
import { backendFunctionProps } from "./backend";

/** Scheduled jobs, with the same environment and bindings as the API Lambdas. */
export function Cron({ stack }: StackContext) {
  const props = backendFunctionProps();

  const recurringPayments = new CronJob(stack, "RecurringPayments", {
    schedule: "cron(0 2 * * ? *)", // daily at 02:00 UTC
    job: { function: { ...props, handler: "functions/cron/recurring-payments.handler" } },
  });

  const repeatingTransactions = new CronJob(stack, "RepeatingTransactions", {
    schedule: "cron(30 2 * * ? *)", // daily at 02:30 UTC
    job: { function: { ...props, handler: "functions/cron/repeating-transactions.handler" } },
  });

  const xeroSync = new CronJob(stack, "XeroSync", {
    schedule: "rate(15 minutes)",
    job: { function: { ...props, handler: "functions/cron/xero-sync.handler" } },
  });

  return { recurringPayments, repeatingTransactions, xeroSync };
}
