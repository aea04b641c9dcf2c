/** The report messages of 003 §5 Reports, shared by the server and the Reports screen (no server imports here). */
export const REPORT_MESSAGES = {
  range: "Please specify a valid report range",
  rangeAndType: "Please specify a valid report range and type",
} as const;
