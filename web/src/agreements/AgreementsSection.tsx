import { Table, Text } from "@mantine/core";
import { formatDate } from "../platform/format";

/**
 * The purchase / finance / sale agreements of a vehicle (000 §3 Finance
 * agreement), shown inside the vehicle edit screen. The vehicle form owns
 * the array (it is saved with the vehicle); this section edits it through
 * onChange. Contract used by web/src/fleet: keep these props stable.
 */
export type Agreement = Record<string, any>;
export type AgreementsSectionProps = {
  vehicle: Record<string, any>;
  agreements: Agreement[];
  onChange: (next: Agreement[]) => void;
};

export function AgreementsSection({ agreements }: AgreementsSectionProps) {
  if (!agreements.length) return <Text size="sm">No agreements recorded for this vehicle.</Text>;
  return (
    <Table aria-label="Agreements" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Finance type</Table.Th>
          <Table.Th>Agreement no.</Table.Th>
          <Table.Th>Invoice date</Table.Th>
          <Table.Th>Sold date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {agreements.map((a, i) => (
          <Table.Tr key={a.id ?? i}>
            <Table.Td>{a.finance_type ?? ""}</Table.Td>
            <Table.Td>{a.agreement_no ?? ""}</Table.Td>
            <Table.Td>{formatDate(a.invoice_date)}</Table.Td>
            <Table.Td>{formatDate(a.sold_date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
