/**
 * The rental's choices and messages (001 §3, §5; the spec's words
 * verbatim): the definition (definitions.ts) and the rules (rules.ts,
 * which re-exports them) both read them, so neither imports the other's
 * module to get them.
 */

export const RENTAL_STATUSES = ["QUOTE", "CONFIRMED", "NOT REQUIRED"] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export const RENTAL_TYPES = ["ST", "LT"] as const;
export const INVOICE_INTERVALS = ["NONE", "WEEKLY", "MONTHLY"] as const;

/** Rentals approved by one PUT rental/approve at most (one transaction, two items each). */
export const APPROVE_AT_ONCE = 25;

export const MESSAGES = {
  saveFailed: "An error occured!",
  alreadyBooked: (name: string) => `This vehicle is already booked out to ${name}!`,
  mileageTooHigh: "WARNING - MILEAGE TOO HIGH",
  unableToCalculate: "Unable To Calculate Rate",
  unableToPrint: "Unable To Print: Missing license or insurance information",
  finishBeforeStart: "The end date must not be before the start date",
  startRequired: "Start date is required",
  endRequired: "End date is required",
  ltTermRequired: "Term (weeks) is required for a long-term rental",
  ltAllowanceRequired: "Annual mileage allowance is required for a long-term rental",
  intervalOnlyLt: "An invoice interval applies only to long-term rentals",
  startMileageRequired: "Start mileage is required",
  depositRequired: "Deposit is required",
  depositPaidDateRequired: "Deposit paid date is required",
  initialPaymentRequired: "Initial payment is required",
  initialPaymentDateRequired: "Initial payment date is required",
  // PUT rental/approve (000 §7; docs/rentals.md "Approving a rental").
  approveNoneSent: "Select a rental to approve",
  approveTooMany: `Approve at most ${APPROVE_AT_ONCE} rentals at once`,
  approveNotFound: (id: number) => `Rental ${id} could not be found`,
  offHireDateRequired: "Off Hire Date is required to approve a rental",
  approveOnlyConfirmed: "Only a confirmed rental can be approved",
  alreadyApproved: "This rental has already been approved",
  offHireLocked: "This rental's off hire has been approved: its off-hire details can no longer be changed",
  deleteApproved: "An approved rental cannot be deleted",
} as const;
