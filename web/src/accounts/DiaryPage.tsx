import { Button, Checkbox, Group, Paper, SegmentedControl } from "@mantine/core";
import { useEffect, useState } from "react";
import { DIARY_MESSAGES, diaryEntry } from "../../../core/accounts/diary-definitions";
import { diaryRuleResult } from "../../../core/accounts/diary-rules";
import { useUpdate, type ApiRecord } from "../platform/api";
import { DateField, fieldsFrom, type FormValues } from "../platform/form";
import { formatDate, todayIso } from "../platform/format";
import { Page } from "../platform/page";
import { SettingsTable, type TableScreen } from "../platform/table";
import { useUrlParams } from "../platform/url";
import { mondayOf } from "./transactions/TransactionsPage";

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Mark As Completed (003 §4): an open entry becomes completed, saved at once with its last_saved. */
function MarkCompleted({ row }: { row: ApiRecord }) {
  const save = useUpdate("diaryentries", { path: "diaryentry", errorMessage: "There was an error" });
  if (row.completed === true) return null;
  return (
    <Button size="compact-xs" variant="light" color="green" loading={save.isPending} onClick={() => save.mutate({ id: row.id, body: { completed: true, last_saved: row.last_saved } })}>
      Mark As Completed
    </Button>
  );
}

/** The diary's add form and editable table (the generic record table), over GET diaryentries with the page's window. */
const DIARY: TableScreen = {
  kind: "table",
  key: "diary",
  title: "Diary",
  singular: "diary entry",
  resource: "diaryentries",
  itemPath: "diaryentry",
  historyType: "diary",
  pageSize: 25,
  filters: ["completed", "start_date", "end_date"],
  fields: fieldsFrom(diaryEntry, {
    task_for: { minWidth: 200 },
    comments: { minWidth: 260 },
    completed: { inAdd: false },
  }),
  validate: (values: FormValues) => diaryRuleResult(values)?.errors ?? {},
  rowActions: MarkCompleted,
  failText: DIARY_MESSAGES.fail,
  itemLabel: (r) => `${String(r.task_for ?? "")} ${formatDate(r.start_date)}`.trim(),
};

const VIEWS = [
  { value: "all", label: "View All" },
  { value: "weekly", label: "Weekly" },
  { value: "daily", label: "Daily" },
];

/**
 * /diary (003 §2 Diary): the add form; View All, Weekly (Monday to
 * Sunday of the chosen date) or Daily; the date selector; Show Completed
 * (completed entries hidden otherwise); the editable table with Mark As
 * Completed and Delete; 'Fail' when the entries cannot be loaded.
 */
export function DiaryPage() {
  const [params, update] = useUrlParams();
  const view = params.get("view") ?? "all";
  const date = params.get("date") ?? todayIso();
  const completed = params.get("completed") === "true";
  // The box flips at once while the URL catches up.
  const [showCompleted, setShowCompleted] = useState(completed);
  useEffect(() => setShowCompleted(completed), [completed]);

  /** The window the view reads, written to the URL the table's list reads. */
  const go = (nextView: string, nextDate: string, nextCompleted: boolean) =>
    update((n) => {
      n.delete("page");
      if (nextView === "all") ["view", "date", "start_date", "end_date"].forEach((k) => n.delete(k));
      else {
        const from = nextView === "weekly" ? mondayOf(nextDate) : nextDate;
        n.set("view", nextView);
        n.set("date", nextDate);
        n.set("start_date", from);
        n.set("end_date", nextView === "weekly" ? addDays(from, 6) : from);
      }
      if (nextCompleted) n.set("completed", "true");
      else n.delete("completed");
    });

  return (
    <Page title="Diary">
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md">
          <SegmentedControl aria-label="Diary view" size="xs" value={view} onChange={(v) => go(v, date, completed)} data={VIEWS} />
          {view !== "all" && <DateField label="Date" size="xs" w={150} value={date} onChange={(v) => go(view, v || todayIso(), completed)} />}
          <Checkbox
            label="Show Completed"
            checked={showCompleted}
            onChange={(e) => {
              setShowCompleted(e.currentTarget.checked);
              go(view, date, e.currentTarget.checked);
            }}
          />
        </Group>
      </Paper>
      <SettingsTable screen={DIARY} />
    </Page>
  );
}
