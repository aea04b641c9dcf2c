import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { jobBody, newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { addDays, todayInLondon } from "../../core/platform/dates.js";
import { isFittersJobToday } from "../../core/workshop/fitter-rules.js";
import { MESSAGES } from "../../core/workshop/rules.js";

/**
 * The fitter's phone (issue 26, docs/fitter-phone.md): today's jobs of a
 * fitter from the fitter column index, another fitter's jobs not listed,
 * the job card's own calls for Done, notes and status, and a photo
 * uploaded and confirmed twice under one upload_id recorded once.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;
type Job = { id: number; last_saved: string; fitter: { id: number } | null; work_items: Array<{ id: number; complete: boolean }>; comments_list: Array<{ text: string; creator_name: string; created: string }> };
type Listed = { date: string; fitter: { id: number; name: string }; count: number; results: Array<{ id: number; registration: string }> };

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1e1d50000000049454e44ae426082", "hex");

beforeAll(async () => {
  api = client(await signIn("fitter@vanco.co.uk", "Fay"));
  ref = await workshopReference(api);
}, 60_000);

async function postFile(signed: { url: string; fields: Record<string, string> }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(PNG)]));
  return (await fetch(signed.url, { method: "POST", body: form })).status;
}

describe("today's jobs for a fitter (GET fitterjobs)", () => {
  it("lists the fitter's open jobs of today from the index; another fitter's, another day's and finished jobs are not listed", async () => {
    const today = todayInLondon();
    const dave = await ok(api.post("createfitter", { name: "Dave Phone" }));
    const sue = await ok(api.post("createfitter", { name: "Sue Phone" }));
    const make = async (extra: Record<string, unknown>) => ok(api.post("createjob", jobBody(ref, (await newVan(api, ref)).id, { workshop_date: today, fitter: dave.id, ...extra }))) as Promise<Job>;
    const mine = await make({});
    const returned = await make({});
    await ok(api.put(`jobs/returned/${returned.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: returned.last_saved }));
    const tomorrow = await make({ workshop_date: addDays(today, 1) });
    const yesterday = await make({ workshop_date: addDays(today, -1) });
    const suesJob = await make({ fitter: sue.id });
    const nobodys = await make({ fitter: null });
    let collected = await make({});
    for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"]) collected = await ok(api.put(`jobs/returned/${collected.id}`, { status, last_saved: collected.last_saved }));

    const list: Listed = await ok(api.get(`fitterjobs?fitter=${dave.id}`));
    expect(list.date).toBe(today);
    expect(list.fitter).toEqual({ id: dave.id, name: "Dave Phone" });
    expect(list.results.map((j) => j.id)).toEqual([mine.id, returned.id]);
    expect(list.count).toBe(2);
    expect(list.results[0].registration).toBeTruthy();
    // The list and the pure rule agree, job by job.
    for (const j of [mine, returned, tomorrow, yesterday, suesJob, nobodys, collected]) {
      const stored: Job = await ok(api.get(`jobs/${j.id}`));
      expect(isFittersJobToday(stored, dave.id, today), `job ${j.id}`).toBe(list.results.some((r) => r.id === j.id));
    }
    // Sue sees hers only.
    const sues: Listed = await ok(api.get(`fitterjobs?fitter=${sue.id}`));
    expect(sues.results.map((j) => j.id)).toEqual([suesJob.id]);
    // A job moved to another fitter leaves the first's list at once (its index entries move with the save).
    const moved: Job = await ok(api.get(`jobs/${mine.id}`));
    await ok(api.put(`jobs/${mine.id}`, { ...moved, fitter: sue.id }));
    expect(((await ok(api.get(`fitterjobs?fitter=${dave.id}`))) as Listed).results.map((j) => j.id)).toEqual([returned.id]);
    expect(((await ok(api.get(`fitterjobs?fitter=${sue.id}`))) as Listed).results.map((j) => j.id).sort()).toEqual([mine.id, suesJob.id].sort());
    expect((await api.get("fitterjobs?fitter=987654")).status).toBe(404);
    expect((await api.get("fitterjobs?fitter=abc")).status).toBe(400);
  }, 180_000);
});

describe("the phone's writes are the job card's calls", () => {
  it("ticks Done, adds a note (a comment with the writer's name and time), changes the status; a stale save is a 409 with the spec's message", async () => {
    const v = await newVan(api, ref);
    const job: Job = await ok(api.post("createjob", jobBody(ref, v.id, { workshop_date: todayInLondon() })));
    const ticked: Job = await ok(api.put(`jobs/${job.id}`, { last_saved: job.last_saved, work_items: job.work_items.map((w) => ({ ...w, complete: true })) }));
    expect(ticked.work_items[0].complete).toBe(true);
    const noted: Job = await ok(api.put(`jobs/${job.id}`, { last_saved: ticked.last_saved, comments_list: [...ticked.comments_list, { text: "Pads fitted <b>ok</b>" }] }));
    expect(noted.comments_list).toHaveLength(1);
    expect(noted.comments_list[0]).toMatchObject({ text: "Pads fitted <b>ok</b>", creator_name: "Fay" });
    expect(noted.comments_list[0].created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The first copy is stale now: 409, the edited-elsewhere message, nothing written.
    const stale = await api.put(`jobs/${job.id}`, { last_saved: job.last_saved, comments_list: [{ text: "lost?" }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.edited);
    expect(((await ok(api.get(`jobs/${job.id}`))) as Job).comments_list.map((c) => c.text)).toEqual(["Pads fitted <b>ok</b>"]);
    const back: Job = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: noted.last_saved }));
    const ready = await api.put(`jobs/returned/${job.id}`, { status: "COLLECTED", last_saved: back.last_saved });
    expect(ready.status).toBe(400);
    expect(ready.body.message).toBe(MESSAGES.statusFrom("RETURNED_FROM_WORKSHOP", "COLLECTED"));
  }, 120_000);
});

describe("a photo's upload_id (idempotent image)", () => {
  it("signs one key per upload_id; the same upload sent and confirmed twice is one image", async () => {
    const v = await newVan(api, ref);
    const job: Job = await ok(api.post("createjob", jobBody(ref, v.id)));
    const uploadId = randomUUID();
    const sign = async () => (await ok(api.get(`jobimageupload?job=${job.id}&file_type=png&upload_id=${uploadId}`))).results[0] as { key: string; url: string; fields: Record<string, string> };
    const first = await sign();
    const again = await sign();
    expect(again.key).toBe(first.key);
    expect(first.key).toBe(`pending/jobs/${job.id}/${uploadId}.png`);
    // The connection dropped after S3 took the file: the phone sends it again to the same key.
    expect(await postFile(first)).toBe(204);
    expect(await postFile(again)).toBe(204);
    const a = await ok(api.post("images", { job: job.id, key: first.key, name: "photo.jpg" }));
    // The confirm's answer was lost: confirmed again, the same image.
    const b = await ok(api.post("images", { job: job.id, key: first.key, name: "photo.jpg" }));
    expect(b.id).toBe(a.id);
    let list = await ok(api.get(`images?job=${job.id}`));
    expect(list.count).toBe(1);
    expect((await ok(api.get(`jobs/${job.id}`))).image_count).toBe(1);

    // Two confirms of one upload at once: one image, both answered it.
    const second = randomUUID();
    const s2 = (await ok(api.get(`jobimageupload?job=${job.id}&file_type=png&upload_id=${second}`))).results[0];
    expect(await postFile(s2)).toBe(204);
    const both = await Promise.all([api.post("images", { job: job.id, key: s2.key }), api.post("images", { job: job.id, key: s2.key })]);
    for (const r of both) expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect(both[0].body.id).toBe(both[1].body.id);
    list = await ok(api.get(`images?job=${job.id}`));
    expect(list.count).toBe(2);

    // Not a UUID: refused; another job's upload: not this job's to record.
    const bad = await api.get(`jobimageupload?job=${job.id}&file_type=png&upload_id=../../x`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("upload_id must be a UUID");
    const other: Job = await ok(api.post("createjob", jobBody(ref, (await newVan(api, ref)).id)));
    const theirs = await api.post("images", { job: other.id, key: first.key });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe("That upload does not belong to this job");
    expect((await ok(api.get(`images?job=${other.id}`))).count).toBe(0);
  }, 120_000);
});
