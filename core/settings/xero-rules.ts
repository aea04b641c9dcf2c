/** Pure rules of the Xero payments account default (issue 22; docs/xero.md "Payments"), shared by the server and the screens. */
/** Issue 22 (ours; 003 does not word these): the Xero payments account default's refusal, and why payment pushes wait without it. */
export const XERO_PAYMENTS_ACCOUNT_MESSAGES = {
  notPayable: "The Xero payments account must be a bank account (type BANK) or a nominal code with Enable payments to account",
  unknown: "The Xero payments account must be a nominal code",
  unset: "No Xero payments account is set (Settings > Defaults)",
} as const;

/** Whether a nominal code can take payments in Xero (003 §3 fields): type BANK, or payments enabled to it. */
export const takesPayments = (n: { type?: unknown; enable_payments_to_account?: unknown } | null | undefined) =>
  !!n && (String(n.type ?? "").trim().toUpperCase() === "BANK" || n.enable_payments_to_account === true);
