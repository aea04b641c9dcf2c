import { Badge, Button, Modal, Pagination, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useApiGet, type Page } from "./api";
import { formatDateTime } from "./format";
import { Loading } from "./Loading";

type Change = { field: string; from: unknown; to: unknown };
type Entry = { at: string; user: string; action: string /* "create", "update", "delete" or another a record type names */; changes: Change[] };

const PAGE = 25;

function show(v: unknown): string {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "object") {
    const o = v as { name?: unknown };
    return typeof o.name === "string" ? o.name : JSON.stringify(v);
  }
  return String(v);
}

const label = (field: string) => field.replace(/_/g, " ");

function HistoryTable({ recordType, id }: { recordType: string; id: number | string }) {
  const [page, setPage] = useState(1);
  const q = useApiGet<Page<Entry>>(`history/${recordType}/${id}`, { page, page_size: PAGE });
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data) return <Text c="red">The history could not be loaded.</Text>;
  if (q.data.count === 0) return <Text size="sm">No changes recorded.</Text>;
  const pages = Math.ceil(q.data.count / PAGE);
  return (
    <Stack gap="sm">
      <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label="History">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.results.map((e, i) => (
            <Table.Tr key={`${e.at}-${i}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(e.at)}</Table.Td>
              <Table.Td>{e.user}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={e.action === "delete" ? "red" : e.action === "create" ? "green" : "blue"}>
                  {e.action}
                </Badge>
              </Table.Td>
              <Table.Td>
                {e.changes.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    no field changed
                  </Text>
                ) : (
                  e.changes.map((c) => (
                    <Text size="xs" key={c.field}>
                      <b>{label(c.field)}</b>: {show(c.from)} → {show(c.to)}
                    </Text>
                  ))
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** The shared History button: who changed the record, when, from what to what. */
export function HistoryButton({ recordType, id, title }: { recordType: string; id: number | string; title?: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={open}>
        History
      </Button>
      <Modal opened={opened} onClose={close} title={title ? `History: ${title}` : "History"} size="xl">
        {opened && <HistoryTable recordType={recordType} id={id} />}
      </Modal>
    </>
  );
}
