export * from "./fields";
export { FieldInput } from "./FieldInput";
export { FormSection } from "./FormSection";
export { useFieldOptions, cachedOptions, recordOptions } from "./options";
export { useRecordForm, type RecordForm } from "./useRecordForm";
export { UnsavedChangesProvider, useUnsavedChanges, UNSAVED_MESSAGE } from "./unsaved";
export { useRecordEditor, type RecordEditor } from "./useRecordEditor";
export { DateField } from "./DateField";
export { useChildRows, type ChildRow, type ChildRows } from "./useChildRows";
