import { FIXED_EXPENSE_MESSAGES, fixedExpense } from "../../../core/accounts/fixedexpense-definitions";
import { DepartmentSelect } from "../platform/list";
import { fieldsFrom, recordOptions } from "../platform/form";
import { Page } from "../platform/page";
import { SettingsTable, type TableScreen } from "../platform/table";
import { useUrlParams } from "../platform/url";

/** The fixed expenses as the generic record table draws them (add panel, rows edited in place, history). */
const FIXED_EXPENSES: TableScreen = {
  kind: "table",
  key: "fixed-expenses",
  title: "Fixed Expenses",
  singular: "fixed expense",
  resource: "fixedexpense",
  historyType: "fixedexpense",
  pageSize: 25,
  filters: ["department"],
  fields: fieldsFrom(fixedExpense, {
    name: { minWidth: 240 },
    department: { options: recordOptions("departments", (r) => r.name), display: (_v, r) => String(r.department_name ?? "") },
  }),
  messages: { save: FIXED_EXPENSE_MESSAGES.saveFailed, remove: FIXED_EXPENSE_MESSAGES.deleteFailed },
  itemLabel: (r) => String(r.name ?? r.id),
};

/** /fixedexpense (003 §2 Fixed Expenses): an add panel, a department filter and the table, 25 a page. */
export function FixedExpensesPage() {
  const [params, update] = useUrlParams();
  const department = params.get("department") ?? "";
  return (
    <Page title="Fixed Expenses">
      <DepartmentSelect
        w={240}
        value={department}
        onChange={(v) => {
          update((n) => {
            if (v) n.set("department", v);
            else n.delete("department");
            n.delete("page");
          });
        }}
      />
      <SettingsTable screen={FIXED_EXPENSES} />
    </Page>
  );
}
