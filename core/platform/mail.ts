import { config } from "./config.js";

/**
 * The product's e-mail: SES (v2 SendEmail) from `MAIL_FROM`, only where
 * that is set (docs/quote-approval.md). The SES client is loaded when a
 * mail is sent, so no Lambda's cold start pays for it.
 */
export function mailConfigured(): boolean {
  return config.mailFrom.trim() !== "";
}

export async function sendMail(m: { to: string; subject: string; text: string }): Promise<void> {
  const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
  const endpoint = config.sesEndpoint;
  const client = new SESv2Client({
    region: config.region,
    endpoint,
    // A fake SES in tests accepts any credentials; on AWS the Lambda role supplies them.
    ...(endpoint ? { credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
  });
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [m.to] },
      Content: { Simple: { Subject: { Data: m.subject, Charset: "UTF-8" }, Body: { Text: { Data: m.text, Charset: "UTF-8" } } } },
    }),
  );
}
