import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import "./print.css";

/**
 * The one print mechanism: a document laid out for A4 portrait with a
 * Print button that is not printed; the app frame is hidden on paper.
 */
export function PrintDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Group justify="flex-end" mb="sm" data-no-print>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <article className="print-document" aria-label={title}>
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
