import { describe, expect, it } from "vitest";
import {
  APPROVAL_LINK_DAYS,
  TOKEN_PATTERN,
  customerDecisionOf,
  effectiveState,
  expiryOf,
  linkAfterWrite,
  quoteSheetTotals,
  type ApprovalLinkOnQuote,
} from "../../core/workshop/quote-approval-rules.js";
import { hashToken, newToken } from "../../core/workshop/quote-approval.js";

/** The approval link's pure rules (docs/quote-approval.md): tokens, expiry, the invariant, the marker, the one totals formula. */

const now = new Date("2030-04-01T10:00:00Z");
const link = (extra: Partial<ApprovalLinkOnQuote> = {}): ApprovalLinkOnQuote => ({ id: 7, state: "open", sent_at: now.toISOString(), sent_by: "a@b.c", expires_at: expiryOf(now), ...extra });

describe("tokens", () => {
  it("are 32 random bytes as 43 base64url characters, different each time, kept as a SHA-256 hex digest", () => {
    const a = newToken();
    const b = newToken();
    expect(a).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(hashToken(b));
  });
});

describe("expiry and state", () => {
  it("a link is open for 7 days, then expired", () => {
    expect(APPROVAL_LINK_DAYS).toBe(7);
    expect(expiryOf(now)).toBe("2030-04-08T10:00:00.000Z");
    expect(effectiveState(7, link(), new Date("2030-04-08T09:59:59Z"))).toBe("open");
    expect(effectiveState(7, link(), new Date("2030-04-08T10:00:00Z"))).toBe("expired");
  });
  it("the quote decides: used, revoked, or another link named (replaced) is closed", () => {
    expect(effectiveState(7, link({ state: "used" }), now)).toBe("used");
    expect(effectiveState(7, link({ state: "revoked" }), now)).toBe("revoked");
    expect(effectiveState(6, link(), now)).toBe("revoked");
    expect(effectiveState(7, null, now)).toBe("revoked");
  });
});

describe("the invariant: only the Send opens a link; any other write of the quote closes it", () => {
  it("sending becomes open; open becomes revoked; closed states stay", () => {
    expect(linkAfterWrite(link({ state: "sending" }))?.state).toBe("open");
    expect(linkAfterWrite(link())).toMatchObject({ state: "revoked", revoked_because: "The quote changed after it was sent" });
    for (const s of ["used", "revoked", "expired"] as const) expect(linkAfterWrite(link({ state: s }))?.state).toBe(s);
    expect(linkAfterWrite(null)).toBeNull();
  });
  it("an open link survives no second write", () => {
    const sent = linkAfterWrite(link({ state: "sending" }));
    expect(linkAfterWrite(sent)?.state).toBe("revoked");
  });
});

describe("marker and totals", () => {
  it("all approved, some, none", () => {
    expect(customerDecisionOf(["approved", "approved"])).toBe("APPROVED");
    expect(customerDecisionOf(["approved", "declined"])).toBe("PART APPROVED");
    expect(customerDecisionOf(["declined"])).toBe("DECLINED");
  });
  it("labour, parts, total, VAT at 20% and total with VAT in money (no float drift)", () => {
    const t = quoteSheetTotals([{ estimated_customer_labour_cost: 0.1, parts: [{ estimated_customer_cost: 0.2 }] }, { estimated_customer_labour_cost: "100.05", parts: null }]);
    expect(t).toEqual({ labour: 100.15, parts: 0.2, total: 100.35, vat: 20.07, totalIncVat: 120.42 });
  });
});
