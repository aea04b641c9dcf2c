import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { blank, formatMoney } from "../../web/src/platform/format";
import { formatPounds } from "../../core/platform/money";

/**
 * One way per job on the web (issue 23; docs/contributing.md "One way per
 * job on the web"): a source scan of web/src that fails when a screen
 * writes a second way to do what web/src/platform already does.
 */
const webSrc = join(import.meta.dirname, "..", "..", "web", "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

type Rule = {
  name: string;
  /** What the one way is, said when the rule fails. */
  oneWay: string;
  patterns: RegExp[];
  /** Files (relative to web/src) that hold the one way itself. */
  allowed: string[];
  /** A line the rule must catch (proves the pattern is live). */
  example: string;
};

export const RULES: Rule[] = [
  {
    name: "a write (POST/PUT/DELETE) through api() in a screen",
    oneWay: "useCreate/useUpdate/useRemove/useApiMutation (platform/api.ts): they refresh what the write changes",
    patterns: [/\bapi\s*(<[^>]*>)?\s*\(\s*["'`](POST|PUT|DELETE)["'`]/],
    // api.ts is the mechanism; auth.tsx signs out (the session and the whole cache go with it).
    allowed: ["platform/api.ts", "platform/auth.tsx"],
    example: 'await api("PUT", `vehicles/${v.id}`, { body });',
  },
  {
    name: "a mutation of its own",
    oneWay: "the mutation hooks of platform/api.ts",
    patterns: [/\buseMutation\s*\(/],
    allowed: ["platform/api.ts"],
    example: "const upload = useMutation({ mutationFn: send });",
  },
  {
    name: "a query key built by hand",
    oneWay: "keys / queries (platform/api.ts); useApiGet(path, query) and useGet(queries...)",
    patterns: [/queryKey\s*:\s*\[/, /QueryData\s*\(\s*\[/, /queries\.get\s*\(\s*\[/, /useApiGet\s*(<[^>]*>)?\s*\(\s*\[/],
    allowed: ["platform/api.ts"],
    example: 'await qc.invalidateQueries({ queryKey: ["vehicles"] });',
  },
  {
    name: "a `blank` of its own",
    oneWay: "blank (platform/format.ts)",
    patterns: [/\b(const|let|function)\s+(blank|isBlank|isEmpty)\b\s*(=\s*(\([^)]*\)|\w+)\s*=>|\()/],
    allowed: ["platform/format.ts"],
    example: 'const blank = (v: unknown) => v === null || v === "";',
  },
  {
    name: "a money formatter of its own",
    oneWay: "formatMoney (platform/format.ts), which is core's formatPounds",
    patterns: [/\.toFixed\s*\(/, /currency\s*:\s*["']GBP/, /£\$\{/, /Intl\.NumberFormat\([^)]*currency/],
    // numbers.ts formats the number input's own text (no £).
    allowed: ["platform/format.ts", "platform/form/numbers.ts"],
    example: "return `£${n.toFixed(2)}`;",
  },
  {
    name: "a department select of its own",
    oneWay: "DepartmentSelect / ListDepartmentFilter (platform/list)",
    patterns: [/["']All departments["']/],
    allowed: ["platform/list/ListParts.tsx"],
    example: 'data={[{ value: "", label: "All departments" }, ...departments]}',
  },
  {
    name: "a save's 400/409 handled by the screen",
    oneWay: "useSaveCycle / useRecordEditor (platform/form/useRecordEditor.ts)",
    patterns: [/\.status\s*===\s*40[09]\b/, /\bapplyServerErrors\s*\(/],
    // CapUpload rewords the server's refusal before the query client shows it (useApiMutation's reword).
    allowed: ["platform/api.ts", "platform/toast.ts", "platform/form/useRecordEditor.ts", "platform/form/useRecordForm.ts", "fleet/list/CapUpload.tsx"],
    example: "if (err instanceof ApiError && err.status === 400) setWarning(err.message);",
  },
];

/** Every line of web/src that breaks a rule, as `file:line: text`. */
export function breaches(rule: Rule): string[] {
  const out: string[] = [];
  for (const file of sources(webSrc)) {
    const rel = relative(webSrc, file).split("\\").join("/");
    if (rule.allowed.includes(rel)) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (rule.patterns.some((p) => p.test(line))) out.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return out;
}

describe("one way per job on the web (issue 23)", () => {
  for (const rule of RULES) {
    it(`no ${rule.name}`, () => {
      expect(breaches(rule), `use ${rule.oneWay}`).toEqual([]);
    });
    it(`the scan for ${rule.name} catches one`, () => {
      expect(rule.patterns.some((p) => p.test(rule.example))).toBe(true);
    });
  }

  it("every allowed file exists (a moved file must not leave a hole in the scan)", () => {
    const files = new Set(sources(webSrc).map((f) => relative(webSrc, f).split("\\").join("/")));
    for (const rule of RULES) for (const a of rule.allowed) expect(files.has(a), a).toBe(true);
  });
});

describe("the one blank and the one money formatter", () => {
  it("blank: nothing or spaces only; 0 and false are values", () => {
    for (const v of [null, undefined, "", "   "]) expect(blank(v)).toBe(true);
    for (const v of [0, false, "0", " a "]) expect(blank(v)).toBe(false);
  });
  it("formatMoney is core's formatPounds: grouped, decimal, '' for blank, a rate's extra places when asked", () => {
    expect(formatMoney(1234.5)).toBe("£1,234.50");
    expect(formatMoney("1923.12")).toBe(formatPounds("1923.12"));
    expect(formatMoney(-5)).toBe("-£5.00");
    expect(formatMoney(1.005)).toBe("£1.01"); // the decimal, not the float 1.00499...
    expect(formatMoney("")).toBe("");
    expect(formatMoney("  ")).toBe("");
    expect(formatMoney(0.015, 4)).toBe("£0.015");
    expect(formatMoney(0.1, 4)).toBe("£0.10");
    expect(formatMoney(0.12345, 4)).toBe("£0.1235");
    expect(formatPounds(0.015)).toBe("£0.02");
  });
});
