import { Anchor, Badge, Button, Group, NativeSelect, Pagination, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { WARNING_KINDS, WARNING_LABELS, type WarningKind } from "../../../../core/fleet/registration-rules";
import { useApiMutation, useList, type ApiRecord } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { Loading } from "../../platform/Loading";
import { Page } from "../../platform/page";

const PAGE_SIZE = 25;

/**
 * /compliance (issue 25; docs/compliance.md): the compliance warnings the
 * nightly fleet check recorded, newest date first, of every kind or one;
 * each with its vehicle, date, source and what was seen. The CSV is the
 * Reports page's "Compliance warnings".
 */
export function CompliancePage() {
  const [kind, setKind] = useState<string>("");
  const [page, setPage] = useState(1);
  const list = useList<ApiRecord>("compliance", { kind: kind || undefined, page, page_size: PAGE_SIZE });
  const count = list.data?.count ?? 0;
  const check = useApiMutation<undefined, { checked: number; recorded: number; pass_done: boolean; message: string | null }>("POST", "fleetcheck", { invalidates: ["compliance", "vehiclemothistory"] });
  return (
    <Page title="Compliance">
      <Stack gap="sm">
        <Group align="flex-end">
          <NativeSelect
            label="Kind"
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value);
              setPage(1);
            }}
            data={[{ value: "", label: "All warnings" }, ...WARNING_KINDS.map((k) => ({ value: k, label: WARNING_LABELS[k] }))]}
          />
          <Text size="sm">{count} warnings</Text>
          <Button variant="light" loading={check.isPending} onClick={() => check.mutate(undefined)}>
            Check the fleet now
          </Button>
          {check.data && (
            <Text size="sm" role="status">
              {check.data.checked} vehicles read, {check.data.recorded} new warnings{check.data.pass_done ? " (the whole fleet read)" : " (the next run goes on from there)"}
              {check.data.message ? `: ${check.data.message}` : ""}
            </Text>
          )}
        </Group>
        {list.isLoading ? (
          <Loading />
        ) : (
          <Table striped withTableBorder aria-label="Compliance warnings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Warning</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>Recorded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.results ?? []).map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/editvehicle/${String(w.vehicle)}`}>
                      {String(w.registration)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={String(w.kind).endsWith("EXPIRED") ? "red" : String(w.kind).endsWith("DUE") ? "yellow" : "orange"}>{WARNING_LABELS[w.kind as WarningKind]}</Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(w.date)}</Table.Td>
                  <Table.Td>{String(w.source)}</Table.Td>
                  <Table.Td>{String(w.message)}</Table.Td>
                  <Table.Td>{formatDate(w.raised_on)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {count > PAGE_SIZE && <Pagination total={Math.ceil(count / PAGE_SIZE)} value={page} onChange={setPage} />}
      </Stack>
    </Page>
  );
}
