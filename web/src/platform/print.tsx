import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import "./print.css";

/**
 * The one print mechanism: a document laid out for A4 (portrait unless it
 * says landscape: the workshop job sheet) with a Print button that is not
 * printed; the app frame is hidden on paper. `actions` adds screen-only
 * buttons beside Print (back to the record).
 */
export function PrintDocument({ title, children, orientation = "portrait", actions }: { title: string; children: ReactNode; orientation?: "portrait" | "landscape"; actions?: ReactNode }) {
  return (
    <div>
      <Group justify="flex-end" mb="sm" data-no-print>
        {actions}
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      {/* One document is on screen at a time: a landscape one turns the printed page (print.css sets portrait). */}
      {orientation === "landscape" && <style>{"@page { size: A4 landscape; margin: 10mm; }"}</style>}
      <article className={orientation === "landscape" ? "print-document print-landscape" : "print-document"} aria-label={title}>
        {children}
      </article>
    </div>
  );
}

/** Signature, print-name and date lines. */
export function SignatureLines() {
  return (
    <div className="print-sign">
      <span>Signature</span>
      <span>Print name</span>
      <span>Date</span>
    </div>
  );
}

/** Blank rows that pad a printed table to a fixed length (002 §9: parts to 15, items to 10, wash list to 15). */
export function padRows<T>(rows: T[], to: number): Array<T | null> {
  return [...rows, ...Array.from({ length: Math.max(0, to - rows.length) }, () => null)];
}

/** A pick list part: its name, part number and supplier as the API answers them. */
type PickPart = { name?: string | null; part_number?: string | null; supplier?: { display_name?: string | null; name?: string | null } | null };

/** The pick list's parts table (002 §9: the quote's and the part order's pick lists), padded to `rows`. */
export function PickListParts({ parts, rows }: { parts: PickPart[]; rows: number }) {
  return (
    <table aria-label="Parts" className="print-grid">
      <thead>
        <tr>
          <th style={{ width: "5%" }}>#</th>
          <th>Part</th>
          <th>Part number</th>
          <th>Supplier</th>
          <th style={{ width: "10%" }}>Picked</th>
        </tr>
      </thead>
      <tbody>
        {padRows(parts, rows).map((p, n) => (
          <tr key={n}>
            <td>{n + 1}</td>
            <td>{p ? p.name || "Unnamed Part" : "\u00a0"}</td>
            <td>{p?.part_number ?? ""}</td>
            <td>{p ? (p.supplier?.display_name ?? p.supplier?.name ?? "") : ""}</td>
            <td />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A two-column table of label and value rows. */
export function FactTable({ label, rows }: { label: string; rows: Array<[string, ReactNode]> }) {
  return (
    <table aria-label={label}>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
