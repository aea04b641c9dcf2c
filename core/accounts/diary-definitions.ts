import { defineFields } from "../platform/definition.js";

/**
 * The diary entry of 003 §3 (task_for, comments, start_date, end_date,
 * time, completed), every field declared once: core/accounts/diary.ts
 * parses with its schema, web/src/accounts/DiaryPage.tsx draws the add
 * form and the editable table from it.
 */

export const DIARY_MESSAGES = {
  /** 003 §2 Diary: what the page shows when its data cannot be loaded. */
  fail: "Fail",
  // Ours (003 names the fields; the end date may be blank, 003 §5). 003 §5 sets no rule on task_for: it may be blank.
  startRequired: "Start date is required",
  timeFormat: "Must be a time of day (HH:MM)",
  window: "Choose a week or a day: a diary window is at most 6 weeks",
} as const;

export const diaryEntry = defineFields({
  task_for: { label: "Task For", kind: "text", max: 200 },
  start_date: { label: "Start date", kind: "date", required: DIARY_MESSAGES.startRequired },
  end_date: { label: "End date", kind: "date" },
  time: { label: "Time", kind: "time" },
  comments: { label: "Comments", kind: "textarea", max: 2000 },
  completed: { label: "Completed", kind: "boolean" },
});

