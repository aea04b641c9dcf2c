import type { AgreementLine } from "../../../core/agreements/types";
import { Badge, Button, Fieldset, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { FINANCE_TYPE_LABELS, RATE_READ_ONLY, TYPE_CHANGE_WARNING, changeFinanceType, deriveAgreement, proFormaTotal, typeChangeNeedsWarning } from "../../../core/agreements/rules";
import { agreement } from "../../../core/agreements/definitions";
import { FieldInput, fieldsFrom, toApiValue, toFormValue, type FieldDef } from "../platform/form";
import { formatMoney, todayIso } from "../platform/format";
import { SectionErrorBoundary } from "../platform/ErrorBoundary";
import { confirmAction } from "../platform/modal";
import { financeFigures } from "../../../core/agreements/finance";
import { ContactRefInput } from "../contacts/pickers";
import { CreateInvoiceModal, CreatePaymentModal, contactOf } from "./SaleModals";

/**
 * The purchase / finance / sale agreements of a vehicle (000 §3 Finance
 * agreement), inside the vehicle edit screen. The vehicle form owns the
 * array (it is saved with the vehicle); this section edits it through
 * onChange, with the same rules the server applies (core/agreements).
 */
/** An agreement as the vehicle's form holds it, inferred from its definition (core/agreements/types.ts). */
export type Agreement = AgreementLine;
export type AgreementsSectionProps = {
  /** The vehicle as its form holds it (a new one has no id yet). */
  vehicle: Record<string, unknown> & { id?: number | null };
  agreements: Agreement[];
  onChange: (next: Agreement[]) => void;
};

/** The agreement's fields from its definition (core/agreements/definitions.ts): labels, kinds and bounds are the server's. */
const AGREEMENT_FIELDS = fieldsFrom(agreement);
type AgreementField = (typeof agreement.fields)[number]["name"];
const section = (...names: AgreementField[]): FieldDef[] => names.map((name) => AGREEMENT_FIELDS.find((f) => f.name === name)!);

const PURCHASE = section(
  "finance_company",
  "agreement_no",
  "modification",
  "sage_asset_id",
  "sage_liability_id",
  "vehicle_purchase_price",
  "addons_purchase_price",
  "purchase_price_vat",
  "invoice_number",
  "invoice_date",
  "depreciation_start_date",
  "annual_depreciation_rate",
  "deposit_amount",
  "deposit_to_be_paid",
  "estimated_grant_value",
  "finance_comments",
);
const FINANCE = section(
  "monthly_payment",
  "payment_term",
  "finance_start_date",
  "end_date",
  "balloon_payment",
  "balloon_payment_date",
  "hp_interest_rate",
  "freeze_start_date",
  "freeze_end_date",
  "possible_finance_settlement_amount",
  "possible_finance_settlement_date",
  "finance_early_settlement_amount_paid",
  "finance_early_settlement_date",
);
const STOCKING = section(
  "sp_capital_percentage",
  "sp_capital_repayment_start",
  "sp_capital_repayment_end",
  "sp_monthly_interest_rate",
  "sp_monthly_interest_charge",
  "sp_interest_accrual_start",
  "sp_interest_repayment_start_date",
  "sp_interest_repayment_end_date",
  "sp_start_date",
  "sp_first_payment_date",
);
const HIRE = section("hire_start_date", "daily_rate", "mileage_allowance", "on_hire_mileage");
const SALE = section(
  "sold_by",
  "sold_price",
  "sold_date",
  "internal_sale_date",
  "sale_date",
  "pro_forma_date",
  "sale_deposit",
  "sale_deposit_date",
  "sale_method_of_payment",
  "sale_warranty_cost",
  "sale_warranty_term",
  "sale_expected_delivery_date",
  "sale_trade_or_private",
  "sale_customer_address",
  "sale_customer_postcode",
  "sale_customer_phone",
  "sale_customer_email",
  "sale_invoice_address",
  "sale_delivery_address",
  "part_exchange",
  "sale_slam_lock_key",
  "external_list_price",
  "advertised",
  "internal_invoice_number",
  "free_print_text",
  "sale_comments",
);
const CHECKLIST = section(
  "sale_quote",
  "sale_v5",
  "sale_mot",
  "sale_service_book",
  "sale_basic_guide",
  "sale_radio_code",
  "sale_main_key",
  "sale_spare_key",
  "sale_settlement",
  "sale_clearance",
  "sale_paid_in_full",
  "sale_final_check",
);

/** Every field the panel draws (tests/unit/definitions.test.ts checks them against the server's schema). */
export const AGREEMENT_SCREEN_FIELDS: FieldDef[] = [...PURCHASE, ...FINANCE, ...STOCKING, ...HIRE, ...SALE, ...CHECKLIST];

/** The derived figures shown on each agreement (000 §3 "computed on load"; formulas in docs/finance.md). */
const FIGURES: Array<[keyof ReturnType<typeof financeFigures>, string]> = [
  ["remaining_balance", "Remaining balance"],
  ["hp_remaining_interest", "Remaining HP interest"],
  ["remaining_capital", "Remaining capital"],
  ["early_settlement_charges", "Early settlement charges"],
  ["this_months_payment", "This month's payment"],
  ["estimated_value", "Estimated value"],
  ["hp_interest_rate", "Interest rate"],
  ["internal_sale_price", "Internal sale price"],
];

function Fields({ fields, a, onField, readOnly = [] }: { fields: FieldDef[]; a: Agreement; onField: (f: FieldDef, v: unknown) => void; readOnly?: string[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} value={toFormValue(f, (a as Record<string, unknown>)[f.name])} onChange={(v) => onField(f, toApiValue(f, v))} disabled={readOnly.includes(f.name)} />
      ))}
    </SimpleGrid>
  );
}

function AgreementCard({ a, index, vehicle, onChange, onRemove }: { a: Agreement; index: number; vehicle: AgreementsSectionProps["vehicle"]; onChange: (next: Agreement) => void; onRemove: () => void }) {
  const [docType, setDocType] = useState("pro");
  const [modal, setModal] = useState<"payment" | "invoice" | null>(null);
  const type = String(a.finance_type ?? "NONE");
  const derived = deriveAgreement(a, todayIso());
  // The derived figures (docs/finance.md), from the same core module the API and reports use, as staff type.
  const figures = financeFigures(derived, todayIso());
  const rateReadOnly = RATE_READ_ONLY.includes(type);
  const refId = (v: Agreement["supplier"]) => (v && typeof v === "object" ? v.id : v) ?? "";
  const setContact = (field: "sale_customer" | "supplier", id: number | "") => onChange({ ...a, [field]: id === "" ? null : id });
  const set = (f: FieldDef, v: unknown) => {
    onChange({ ...a, [f.name]: v });
    // Entering a sold date opens Create Payment (000 §4).
    if (f.name === "sold_date" && v && !a.sold_date && vehicle.id) setModal("payment");
  };
  const changeType = async (next: string) => {
    if (next === type) return;
    if (typeChangeNeedsWarning(a) && !(await confirmAction({ title: "Change finance type", message: TYPE_CHANGE_WARNING, confirmLabel: "Continue", danger: false }))) return;
    onChange(changeFinanceType(a, next, vehicle.id ?? null));
  };
  return (
    <Paper withBorder p="sm" aria-label={`Agreement ${index + 1}`} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <NativeSelect
              label="Finance type"
              aria-label={`Agreement ${index + 1} finance type`}
              value={type}
              onChange={(e) => void changeType(e.currentTarget.value)}
              data={Object.entries(FINANCE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            {derived.settled && <Badge color="green">Settled</Badge>}
          </Group>
          <Button size="compact-xs" color="red" variant="subtle" onClick={onRemove}>
            Remove agreement
          </Button>
        </Group>
        <Fieldset legend="Purchase" variant="filled" p="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="xs">
            <ContactRefInput label="Supplier" kind="SP" initialName={contactOf(a.supplier)?.display_name ?? ""} value={refId(a.supplier)} onChange={(id) => setContact("supplier", id)} />
          </SimpleGrid>
          <Fields fields={PURCHASE} a={a} onField={set} />
          <Group gap="lg" mt="xs">
            <Text size="sm" data-testid={`agreement-${index}-purchase-price`}>
              Purchase price: {formatMoney(derived.purchase_price ?? 0)}
            </Text>
            <Text size="sm" data-testid={`agreement-${index}-borrowed`}>
              Amount borrowed: {formatMoney(derived.finance_amount_borrowed ?? 0)}
            </Text>
          </Group>
        </Fieldset>
        {type !== "NONE" && type !== "HIRE_AGREEMENT" && (
          <Fieldset legend="Finance" variant="filled" p="xs">
            <Fields fields={FINANCE} a={rateReadOnly ? { ...a, hp_interest_rate: figures.hp_interest_rate } : a} onField={set} readOnly={rateReadOnly ? ["hp_interest_rate"] : []} />
          </Fieldset>
        )}
        {type === "STOCKING_PLAN" && (
          <Fieldset legend="Stocking plan" variant="filled" p="xs">
            <Fields fields={STOCKING} a={a} onField={set} />
            <Text size="sm" mt="xs">
              Yearly interest rate: {derived.sp_yearly_interest_rate ?? 0}%
            </Text>
          </Fieldset>
        )}
        {type === "HIRE_AGREEMENT" && (
          <Fieldset legend="Hire agreement" variant="filled" p="xs">
            <Fields fields={HIRE} a={a} onField={set} />
          </Fieldset>
        )}
        <Fieldset legend="Finance figures" variant="filled" p="xs" aria-label={`Agreement ${index + 1} finance figures`}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {FIGURES.map(([key, label]) => (
              <Text size="sm" key={key} data-testid={`agreement-${index}-${key}`}>
                {label}: {key === "hp_interest_rate" ? `${figures.hp_interest_rate}%` : figures[key] === null ? "–" : formatMoney(figures[key])}
              </Text>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={4}>
            {figures.payment_term > 0 ? `${figures.payments_made} of ${figures.payment_term} payments due so far.` : ""}
          </Text>
        </Fieldset>
        <Fieldset legend="Sale" variant="filled" p="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="xs">
            <ContactRefInput label="Sale customer" kind="CC" initialName={contactOf(a.sale_customer)?.display_name ?? ""} value={refId(a.sale_customer)} onChange={(id) => setContact("sale_customer", id)} />
          </SimpleGrid>
          <Fields fields={SALE} a={a} onField={set} />
          {a.sold_date && (
            <Group gap="md" mt="xs">
              <SegmentedControl
                size="xs"
                aria-label={`Agreement ${index + 1} document type`}
                value={docType}
                onChange={setDocType}
                data={[
                  { value: "pro", label: "Pro Forma" },
                  { value: "invoice", label: "Invoice" },
                  { value: "quote", label: "Quote" },
                ]}
              />
              <Text size="sm" data-testid={`agreement-${index}-pro-forma-total`}>
                Pro forma total: {formatMoney(proFormaTotal(a.sold_price, a.sale_warranty_cost))}
              </Text>
              {!!vehicle.id && (
                <>
                  <Button size="compact-sm" component={Link} to={`/printsale/${vehicle.id}?agreement=${index}&doc=${docType}`}>
                    Print
                  </Button>
                  <Button size="compact-sm" variant="default" component={Link} to={`/printsale/${vehicle.id}?agreement=${index}&doc=sheet`}>
                    Customer Collection/Delivery Sheet
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => setModal("invoice")}>
                    Create Invoice
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => setModal("payment")}>
                    Create Payment
                  </Button>
                </>
              )}
            </Group>
          )}
        </Fieldset>
        <Fieldset legend="Sale checklist" variant="filled" p="xs">
          <Fields fields={CHECKLIST} a={a} onField={set} />
        </Fieldset>
      </Stack>
      {modal === "payment" && <CreatePaymentModal a={a} vehicle={vehicle} onClose={() => setModal(null)} />}
      {modal === "invoice" && <CreateInvoiceModal a={a} vehicle={vehicle} onClose={() => setModal(null)} />}
    </Paper>
  );
}

export function AgreementsSection({ vehicle, agreements, onChange }: AgreementsSectionProps) {
  return (
    <Stack gap="sm">
      {agreements.length === 0 && <Text size="sm">No agreements recorded for this vehicle.</Text>}
      {agreements.map((a, i) => (
        // One agreement that cannot be drawn says so; the others and the vehicle's form stay.
        <SectionErrorBoundary key={a.id ?? i} name={`Agreement ${i + 1}`}>
          <AgreementCard
            a={a}
            index={i}
            vehicle={vehicle}
            onChange={(next) => onChange(agreements.map((x, j) => (j === i ? next : x)))}
            onRemove={() => onChange(agreements.filter((_, j) => j !== i))}
          />
        </SectionErrorBoundary>
      ))}
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => onChange([...agreements, { finance_type: "NONE", vehicle: vehicle.id ?? null, pro_forma_date: todayIso() }])}>
          Add agreement
        </Button>
      </Group>
    </Stack>
  );
}
