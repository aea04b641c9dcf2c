import * as z from "zod";
import { ValidationError } from "./errors.js";

/**
 * Parse input with a zod schema; on failure throw a 400 whose errors are
 * keyed by field. When a rule carries the spec's wording, that wording is
 * the message; otherwise a plain summary naming the fields.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const res = schema.safeParse(input);
  if (res.success) return res.data;
  throw fromZodError(res.error);
}

export function fromZodError(error: z.ZodError): ValidationError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) errors[[...issue.path, k].join(".")] = "Unknown field";
      continue;
    }
    errors[key] ??= issue.message;
  }
  const unknown = Object.entries(errors).filter(([, m]) => m === "Unknown field").map(([k]) => k);
  const first = error.issues.find((i) => i.code !== "unrecognized_keys");
  // Our schemas word their messages for staff (the spec's wording where it
  // has one); zod's own defaults start with these words.
  const generic = !first || /^(Invalid|Expected|Too |Unrecognized)/.test(first.message);
  const message = unknown.length && !first
    ? `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`
    : !generic
      ? first.message
      : `Please check these fields: ${Object.keys(errors).join(", ")}`;
  return new ValidationError(message, errors);
}
