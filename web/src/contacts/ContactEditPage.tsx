import type { CostCentreRecord } from "../../../core/settings/types";
import { Alert, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Checkbox, Fieldset } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { ACCOUNT_CODE_FIELDS, contactRuleResult, isEmail, requiredContactFields, type AccountCodeField, type ContactFacts } from "../../../core/contacts/rules";
import { COMPANY, CONTACT_FIELDS, CREDIT, CUSTOMER, SUPPLIER, WORKSHOP_PARTS } from "./fields";
import { useApiGet, useList, useOne, type ApiRecord } from "../platform/api";
import { FieldInput, FormSection, useRecordEditor, useUnsavedChanges, type FormErrors, type FormValue } from "../platform/form";
import { blank, formatMoney } from "../platform/format";
import { HistoryButton } from "../platform/history";
import { Loading } from "../platform/Loading";
import { confirmAction, confirmDelete } from "../platform/modal";
import { Page } from "../platform/page";
import { XeroState } from "../accounts/XeroState";
import { CustomerRentalRecord } from "../hire/CustomerRentalRecord";

const TYPE_CHANGE = "If a contact is both a supplier and a customer, you should create two separate contacts.";


/** GET contacts/defaults: what a new contact starts with and the page's fixed options. */
type ContactDefaults = { contact: Record<string, unknown>; account_code_fills: Record<AccountCodeField, string> };

type Person = { name?: string | null; role?: string | null; contact_number?: string | null; email?: string | null; comments?: string | null; address?: string | null };
type ListName = "additional_contacts" | "workshop_contacts" | "part_contacts";
type Lists = Record<ListName, Person[]>;
const LIST_NAMES: ListName[] = ["additional_contacts", "workshop_contacts", "part_contacts"];

/** Everything the page edits outside the field inputs: the three lists, the instructions, the cost centres. */
type Extras = { lists: Lists; workshopText: string; onCompletion: boolean; rentalText: string; costCentres: string[] };

function extrasOf(record: ApiRecord | null): Extras {
  const wi = (record?.workshop_instructions as { text?: string | null; on_completion?: boolean | null } | null) ?? {};
  const lists = {} as Lists;
  for (const n of LIST_NAMES) lists[n] = ((record?.[n] as Person[] | null) ?? []).map((p) => ({ ...p }));
  return {
    lists,
    workshopText: wi.text ?? "",
    onCompletion: wi.on_completion === true,
    rentalText: (record?.rental_instructions as { text?: string | null } | null)?.text ?? "",
    costCentres: ((record?.cost_centre_list as number[] | null) ?? []).map(String),
  };
}

/** The people in the lists as the API takes them: emptied cells as null. */
const cleanPerson = (p: Person): Person => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === "string" && v.trim() === "" ? null : v]));

/** The lists' e-mail check, keyed as the server keys it (`additional_contacts.0.email`). */
function listErrors(lists: Lists): FormErrors {
  const errors: FormErrors = {};
  for (const n of LIST_NAMES)
    lists[n].forEach((p, i) => {
      if (!blank(p.email) && !isEmail(String(p.email))) errors[`${n}.${i}.email`] = "Email must be a valid e-mail address";
    });
  return errors;
}

/** One contact list (additional, workshop, parts): rows of people, added and removed in place. */
function PeopleTable({ title, name, rows, withAddress, errors, onChange }: { title: string; name: ListName; rows: Person[]; withAddress?: boolean; errors: FormErrors; onChange: (rows: Person[]) => void }) {
  const cols: Array<keyof Person> = ["name", "role", "contact_number", "email", "comments", ...(withAddress ? (["address"] as const) : [])];
  const label: Record<string, string> = { name: "Name", role: "Role", contact_number: "Contact number", email: "Email", comments: "Comments", address: "Address" };
  const set = (i: number, k: keyof Person, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <Fieldset legend={title} variant="filled" p="sm">
      <Table aria-label={title} withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c}>{label[c]}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {cols.map((c) => (
                <Table.Td key={c}>
                  <TextInput size="xs" aria-label={`${title} ${i + 1} ${label[c]}`} value={r[c] ?? ""} error={errors[`${name}.${i}.${c}`]} onChange={(e) => set(i, c, e.currentTarget.value)} />
                </Table.Td>
              ))}
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button mt="xs" size="compact-sm" variant="light" onClick={() => onChange([...rows, {}])}>
        Add {title.toLowerCase().replace(/s$/, "")}
      </Button>
    </Fieldset>
  );
}

function ContactForm({ record, defaults }: { record: ApiRecord | null; defaults: ContactDefaults }) {
  const [extras, setExtras] = useState<Extras>(() => extrasOf(record));
  const [extrasBase, setExtrasBase] = useState(() => JSON.stringify(extrasOf(record)));
  const { lists, workshopText, onCompletion, rentalText, costCentres } = extras;
  const setExtra = <K extends keyof Extras>(k: K, v: Extras[K]) => setExtras((x) => ({ ...x, [k]: v }));
  const setList = (n: ListName, rows: Person[]) => setExtras((x) => ({ ...x, lists: { ...x.lists, [n]: rows } }));
  /** The saved copy becomes the baseline of the lists, instructions and cost centres. */
  const settle = (saved: ApiRecord | null) => {
    const x = extrasOf(saved);
    setExtras(x);
    setExtrasBase(JSON.stringify(x));
  };
  // The unsaved-changes warning covers these as well as the field inputs.
  useUnsavedChanges(JSON.stringify(extras) !== extrasBase);
  // A fresh copy from the server (after a save, or edited elsewhere) replaces them, as it does the fields.
  useEffect(() => {
    if (record) settle(record);
  }, [record?.last_saved]); // eslint-disable-line react-hooks/exhaustive-deps -- the extras settle on a fresh copy (its last_saved), not on every render's record object or settle callback
  const centres = useList<CostCentreRecord>("costcentre", { page_size: 1000 });

  const editor = useRecordEditor({
    resource: "contacts",
    editRoute: "/editcontact",
    afterDelete: "/contacts",
    fields: CONTACT_FIELDS,
    record,
    defaults: defaults.contact,
    what: "this contact",
    // Once confirmed, the page may leave even with edited lists.
    confirmDelete: async () => {
      const ok = await confirmDelete("this contact");
      if (ok) setExtrasBase(JSON.stringify(extras));
      return ok;
    },
    // The lists' e-mails are checked like the fields' (the same message).
    validate: () => listErrors(lists),
    errorMessage: "An error occurred!",
    invalidates: ["suppliers", "customersearch", "suppliersearch", "accountbalance"],
    // The same rules the server runs (003 §5), with the same messages, before sending.
    checkBody: (body) => contactRuleResult(body),
    extra: () => ({
      additional_contacts: lists.additional_contacts.map(cleanPerson),
      workshop_contacts: lists.workshop_contacts.map(cleanPerson),
      part_contacts: lists.part_contacts.map(cleanPerson),
      workshop_instructions: { text: workshopText || null, on_completion: onCompletion },
      rental_instructions: { text: rentalText || null },
      cost_centre_list: costCentres.map(Number),
    }),
  });
  const { form } = editor;
  const isSupplier = form.values.contact_type === "SP";

  const field = (name: string) => CONTACT_FIELDS.find((f) => f.name === name)!;
  // The fields the contact rule requires of this kind of contact carry the marker (issue 24 item 6).
  const marked = new Set(requiredContactFields({ contact_type: form.values.contact_type as ContactFacts["contact_type"], partial_contact: form.values.partial_contact === true }));
  const input = (name: string, disabled = false) => (
    <FieldInput key={name} field={field(name)} value={form.values[name]} onChange={(v) => form.set(name, v)} error={form.errors[name]} disabled={disabled} marked={marked.has(name)} />
  );

  const changeType = async (next: string) => {
    if (next === form.values.contact_type) return;
    if (record && !(await confirmAction({ title: "Change contact type", message: TYPE_CHANGE, confirmLabel: "Continue", danger: false }))) return;
    form.set("contact_type", next);
    // Switching to supplier clears the partial flag (003 §2); a new customer starts partial (003 §3).
    if (next === "SP") form.set("partial_contact", false);
    else if (!record) form.set("partial_contact", true);
  };

  /** Any code typed or filled answers "at least 1 Account Code": its message goes. */
  const setCode = (f: AccountCodeField, v: FormValue) => {
    form.set(f, v);
    if (!blank(v)) form.setErrors(({ account_codes: _done, ...rest }) => rest);
  };

  const save = async (e: FormEvent) => {
    const saved = await editor.save(e);
    if (saved) settle(saved);
  };

  return (
    <form ref={form.formRef} onSubmit={(e) => void save(e)} noValidate aria-label="Contact">
      <Stack gap="sm">
        {editor.warning && (
          <Alert color="red" title="Warning!" role="alert">
            {editor.warning}
          </Alert>
        )}
        <Fieldset legend="Identity" variant="filled" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
            {input("display_name", !!record)}
            <FieldInput field={field("contact_type")} value={form.values.contact_type} onChange={(v) => void changeType(String(v))} error={form.errors.contact_type} />
            {input("partial_contact", isSupplier)}
            {["first_name", "last_name", "contact_number", "email", "accounts_active", "deactivated", "free_text"].map((n) => input(n))}
          </SimpleGrid>
          {record && (
            <Text size="xs" c="dimmed" mt={4}>
              The display name is locked once the contact is saved.
            </Text>
          )}
        </Fieldset>
        <FormSection legend="Company" fields={COMPANY} form={form} marked={marked} />
        <FormSection legend="Credit and payment" fields={CREDIT} form={form} marked={marked}>
          <Group gap="lg" mt="xs">
            <Text size="sm">
              Outstanding balance: <strong data-testid="outstanding-balance">{formatMoney(record?.outstanding_balance ?? 0)}</strong>
            </Text>
            <Text size="sm">Overdue payment: {record?.overdue_payment ? "Yes" : "No"}</Text>
            <Text size="sm">Direct Van Hire credit usage: {formatMoney(record?.direct_van_hire_credit_usage ?? 0)}</Text>
            <Text size="sm">Rapid Fit credit usage: {formatMoney(record?.rapid_fit_credit_usage ?? 0)}</Text>
            <Text size="sm">Van Sales Direct credit usage: {formatMoney(record?.van_sales_direct_credit_usage ?? 0)}</Text>
          </Group>
          <MultiSelect
            mt="xs"
            label="Cost centres"
            data={(centres.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name ?? "" }))}
            value={costCentres}
            onChange={(v) => setExtra("costCentres", v)}
            clearable
          />
        </FormSection>
        <Fieldset legend="Customer account codes" variant="filled" p="sm">
          {form.errors.account_codes && (
            <Text size="sm" c="red" mb={4}>
              {form.errors.account_codes}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
            {ACCOUNT_CODE_FIELDS.map((f) => (
              <Group key={f} gap={4} align="flex-end" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <FieldInput field={field(f)} value={form.values[f]} onChange={(v) => setCode(f, v)} error={form.errors[f]} />
                </div>
                <Button size="xs" variant="light" aria-label={`Fill ${field(f).label}`} onClick={() => setCode(f, defaults.account_code_fills[f])}>
                  Fill
                </Button>
              </Group>
            ))}
          </SimpleGrid>
        </Fieldset>
        <FormSection legend="Workshop and parts contacts" fields={WORKSHOP_PARTS} form={form} marked={marked} />
        <PeopleTable title="Additional contacts" name="additional_contacts" withAddress rows={lists.additional_contacts} errors={form.errors} onChange={(r) => setList("additional_contacts", r)} />
        <PeopleTable title="Workshop contacts" name="workshop_contacts" rows={lists.workshop_contacts} errors={form.errors} onChange={(r) => setList("workshop_contacts", r)} />
        <PeopleTable title="Part contacts" name="part_contacts" rows={lists.part_contacts} errors={form.errors} onChange={(r) => setList("part_contacts", r)} />
        <Fieldset legend="Instructions" variant="filled" p="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Stack gap={4}>
              <Textarea label="Workshop instructions" autosize minRows={2} value={workshopText} onChange={(e) => setExtra("workshopText", e.currentTarget.value)} />
              <Checkbox label="Show on completion" checked={onCompletion} onChange={(e) => setExtra("onCompletion", e.currentTarget.checked)} />
            </Stack>
            <Textarea label="Rental instructions" autosize minRows={2} value={rentalText} onChange={(e) => setExtra("rentalText", e.currentTarget.value)} />
          </SimpleGrid>
        </Fieldset>
        {isSupplier ? <FormSection legend="Supplier" fields={SUPPLIER} form={form} marked={marked} /> : <FormSection legend="Customer" fields={CUSTOMER} form={form} marked={marked} />}
        {record && !isSupplier && <CustomerRentalRecord customerId={record.id} />}
        {record && <XeroState sourceType="contact" sourceId={record.id} />}
        <Paper withBorder p="sm">
          <Group justify="flex-end" gap="xs">
            {record && <HistoryButton recordType="contact" id={record.id} title={String(record.display_name)} />}
            {record && (
              <Button color="red" variant="light" onClick={() => void editor.del()} loading={editor.deleting}>
                Delete
              </Button>
            )}
            <Button type="submit" loading={editor.saving}>
              Save
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** /editcontact and /editcontact/{id} (003 §2 Contact edit page). */
export function ContactEditPage() {
  const { contact } = useParams();
  const [sp] = useSearchParams();
  const q = useOne<ApiRecord>("contacts", contact ?? null, { errorMessage: "An error occurred!" });
  // A new contact starts from the server's defaults (003 §3), of the type the address asks for.
  const type = !contact && sp.get("type") === "SP" ? "SP" : "CC";
  const d = useApiGet<ContactDefaults>("contacts/defaults", { contact_type: type }, { resource: "contactdefaults", errorMessage: "An error occurred!" });
  const title = contact ? (q.data ? String(q.data.display_name) : "Contact") : "New contact";
  return (
    <Page title={title}>
      {(contact && q.isLoading) || d.isLoading ? (
        <Loading />
      ) : contact && !q.data ? (
        <Text c="red">This contact could not be loaded.</Text>
      ) : !d.data ? (
        <Text c="red">The new contact's defaults could not be loaded.</Text>
      ) : (
        <ContactForm key={contact ?? `new-${type}`} record={contact ? q.data! : null} defaults={d.data} />
      )}
    </Page>
  );
}
