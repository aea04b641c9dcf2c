/**
 * Everything that differs between this machine and AWS comes from the
 * environment: endpoints, credentials and the sign-in provider. Business
 * code never branches on where it runs.
 */
export const config = {
  get tableName() {
    return process.env.TABLE_NAME ?? "backoffice";
  },
  /** Set locally to DynamoDB Local; unset on AWS. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get bucketName() {
    return process.env.BUCKET_NAME ?? "uploads";
  },
  get s3Endpoint() {
    return process.env.S3_ENDPOINT || undefined;
  },
  get region() {
    return process.env.AWS_REGION ?? "eu-west-2";
  },
  /**
   * "stream" on AWS (set by the stack): an export item reaches the report
   * Lambda through the table's stream. Unset locally: the API's own process
   * runs the export after answering.
   */
  get reportExports(): "stream" | "in-process" {
    return process.env.REPORT_EXPORTS === "stream" ? "stream" : "in-process";
  },
  /** Local sign-in (`POST /api/auth/local`) exists only where this is "true". */
  get localSignIn() {
    return process.env.LOCAL_SIGN_IN === "true";
  },
  get googleClientId() {
    return process.env.GOOGLE_CLIENT_ID ?? "";
  },
  get googleJwksUrl() {
    return process.env.GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs";
  },
  get googleTokenInfoUrl() {
    return process.env.GOOGLE_TOKENINFO_URL ?? "https://oauth2.googleapis.com/tokeninfo";
  },
  /** Where an access token's Workspace domain (`hd`) is read; tokeninfo does not say it. */
  get googleUserInfoUrl() {
    return process.env.GOOGLE_USERINFO_URL ?? "https://openidconnect.googleapis.com/v1/userinfo";
  },
  /** Comma-separated e-mail domains whose staff may sign in. */
  get allowedDomains() {
    return list(process.env.ALLOWED_DOMAINS);
  },
  /** Comma-separated individual e-mail addresses allowed to sign in. */
  get allowedEmails() {
    return list(process.env.ALLOWED_EMAILS);
  },
  /** The sender of the product's e-mails (SES on AWS, a verified identity); unset: no e-mail is sent (docs/quote-approval.md). */
  get mailFrom() {
    return process.env.MAIL_FROM ?? "";
  },
  /** Set by tests to a fake SES; unset on AWS. */
  get sesEndpoint() {
    return process.env.SES_ENDPOINT || undefined;
  },
  /** How long a product token lives, in hours. */
  get sessionHours() {
    return Number(process.env.SESSION_HOURS ?? 12);
  },
};

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The secrets: set with `npx sst secrets set NAME value --stage <stage>`, created by
 * stacks/Secrets.ts and copied into process.env under the same names by
 * functions/lambda/secrets.ts. Locally and in tests they are plain variables.
 */
export const SECRET_NAMES = [
  "GOOGLE_CLIENT_ID",
  "ALLOWED_DOMAINS",
  "ALLOWED_EMAILS",
  "XERO_CLIENT_ID",
  "XERO_CLIENT_SECRET",
  // Registration look-ups and the fleet check (docs/compliance.md "Configuration").
  "DVLA_API_KEY",
  "DVSA_CLIENT_ID",
  "DVSA_CLIENT_SECRET",
  "DVSA_API_KEY",
  "DVSA_TOKEN_URL",
  // The sender of the quote approval e-mail (docs/quote-approval.md); "" where no mail is sent.
  "MAIL_FROM",
] as const;
