import { Button, Checkbox, Group, Paper, SegmentedControl, Stack } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { ApiRecord } from "../platform/api";
import { ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import { Page } from "../platform/page";

type Contact = ApiRecord & { display_name: string; contact_type: "CC" | "SP"; contact_number?: string | null; company_phone?: string | null; email?: string | null; company_email?: string | null; address_line1?: string | null; town?: string | null; postcode?: string | null; partial_contact?: boolean; deactivated?: boolean };

const TYPES = [
  { value: "ALL", label: "All" },
  { value: "CC", label: "Customer" },
  { value: "SP", label: "Supplier" },
];
const TITLES: Record<string, string> = { ALL: "Contacts", CC: "Customers", SP: "Suppliers" };

/** 003 §2 Contacts list: search, show deactivated, type, only incomplete, New; 25 a page, all in the URL. */
export function ContactsListPage() {
  const navigate = useNavigate();
  // The URL keeps `type` (the nav's ?type=SP / ?type=CC); the API calls it contact_type.
  const [sp] = useSearchParams();
  const type = ["CC", "SP"].includes(sp.get("type") ?? "") ? sp.get("type")! : "ALL";
  const list = useListController<Contact>({ resource: "contacts", filters: ["show_deactive", "partial_view"], fixed: { contact_type: type } });
  return (
    <Page
      title={TITLES[type] ?? "Contacts"}
      actions={
        <Button component={Link} to={`/editcontact${type === "ALL" ? "" : `?type=${type}`}`}>
          New
        </Button>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListSearch list={list} label="Search" placeholder="Display name" />
          <SegmentedControl aria-label="Contact type" size="xs" value={type} data={TYPES} onChange={(v) => list.setFilter("type", v === "ALL" ? null : v)} />
          <Checkbox label="Show deactivated" checked={sp.get("show_deactive") === "true"} onChange={(e) => list.setFilter("show_deactive", e.currentTarget.checked ? "true" : null)} />
          <Checkbox label="Only incomplete contacts" checked={sp.get("partial_view") === "YES"} onChange={(e) => list.setFilter("partial_view", e.currentTarget.checked ? "YES" : null)} />
        </Group>
      </Paper>
      <Stack gap="xs">
        <ListTable<Contact>
          label="Contacts"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty={list.search && list.search.length < 2 ? "Type at least 2 characters to search." : "No contacts found."}
          renderRow={(c) => (
            <tr key={c.id} style={{ cursor: "pointer", opacity: c.deactivated ? 0.6 : 1 }} onClick={() => navigate(`/editcontact/${c.id}`)}>
              <td>
                <Link to={`/editcontact/${c.id}`} onClick={(e) => e.stopPropagation()}>
                  {c.display_name}
                </Link>
              </td>
              <td>{c.contact_number ?? c.company_phone ?? ""}</td>
              <td>{c.email ?? c.company_email ?? ""}</td>
              <td>{[c.address_line1, c.town, c.postcode].filter(Boolean).join(", ")}</td>
              <td>
                {c.contact_type === "SP" ? "Supplier" : "Customer"}
                {c.partial_contact ? " (incomplete)" : ""}
                {c.deactivated ? " (deactivated)" : ""}
              </td>
            </tr>
          )}
          columns={[
            { key: "display_name", header: "Display name" },
            { key: "contact_number", header: "Contact number" },
            { key: "email", header: "Email" },
            { key: "address", header: "Address" },
            { key: "contact_type", header: "Type" },
          ]}
        />
        <ListPager list={list} noun={["contact", "contacts"]} />
      </Stack>
    </Page>
  );
}
