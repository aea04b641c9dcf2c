import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, ValidationError } from "../../core/platform/errors";
import { onLatest } from "../../core/platform/records/reread";

/**
 * `onLatest` (core/platform/records/reread.ts): a write of the product's
 * own on a stored record as it now is, the one loop `enquiryMoved` and
 * `unlinkJob` share. A stand-in store: a version that a "save between"
 * moves, a write conditional on the version read.
 */
function store(initial: { version: number; status: string } | null) {
  let row = initial;
  const reads: number[] = [];
  return {
    reads,
    read: async () => {
      if (!row) throw new NotFoundError("Quote");
      reads.push(row.version);
      return { ...row };
    },
    /** A write on the version read: refused (409) when a save landed between. */
    write: async (read: { version: number }, status: string) => {
      if (!row || row.version !== read.version) throw new ConflictError();
      row = { version: row.version + 1, status };
    },
    saveBetween: () => {
      if (row) row = { ...row, version: row.version + 1 };
    },
    remove: () => {
      row = null;
    },
    now: () => row,
  };
}

describe("onLatest: read the stored record again, or stop if it is gone", () => {
  it("gone: stops at once, nothing written", async () => {
    const s = store(null);
    let writes = 0;
    expect(await onLatest(s.read, async () => void writes++)).toBe("gone");
    expect(writes).toBe(0);
  });

  it("deleted after a lost write: the second read finds it gone and stops", async () => {
    const s = store({ version: 1, status: "ENQUIRY" });
    const out = await onLatest(s.read, async (r) => {
      s.remove();
      await s.write(r, "QUOTE");
    });
    expect(out).toBe("gone");
    expect(s.reads).toEqual([1]);
  });

  it("changed meanwhile: reads it again and writes on the new version", async () => {
    const s = store({ version: 1, status: "ENQUIRY" });
    let between = 2;
    const out = await onLatest(s.read, async (r) => {
      if (between-- > 0) s.saveBetween();
      await s.write(r, "QUOTE");
    });
    expect(out).toBe("done");
    expect(s.reads).toEqual([1, 2, 3]);
    expect(s.now()).toEqual({ version: 4, status: "QUOTE" });
  });

  it("nothing left to do as read (the write decides): done, nothing written", async () => {
    const s = store({ version: 5, status: "ORDER" });
    expect(await onLatest(s.read, async (r) => (r.status === "ENQUIRY" ? s.write(r, "QUOTE") : undefined))).toBe("done");
    expect(s.now()).toEqual({ version: 5, status: "ORDER" });
  });

  it("lost every try: the last 409 (nothing written); any other refusal is answered at once", async () => {
    const s = store({ version: 1, status: "ENQUIRY" });
    await expect(
      onLatest(
        s.read,
        async (r) => {
          s.saveBetween();
          await s.write(r, "QUOTE");
        },
        3,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(s.reads).toHaveLength(3);
    const t = store({ version: 1, status: "ENQUIRY" });
    await expect(onLatest(t.read, async () => Promise.reject(new ValidationError("No", {})))).rejects.toBeInstanceOf(ValidationError);
    expect(t.reads).toHaveLength(1);
  });
});
