import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * Vehicle image and document uploads (000 §5, §7 uploadimage) against
 * s3rver: a presigned POST whose signed policy fixes type, size and key,
 * the upload (multipart form) under pending/, confirm (checked, then moved
 * to the vehicle's folder); wrong types and missing vehicles refused;
 * listing with signed links; deletion.
 */
let api: ReturnType<typeof client>;
let vehicle: any;
beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  await fleetReference(api);
  vehicle = (await api.post("createvehicle", van())).body;
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1e1d50000000049454e44ae426082", "hex");

type Signed = { url: string; fields: Record<string, string>; key: string; method: string };

/** The browser's upload: the signed fields, then the file, as multipart/form-data (fields may be overridden to cheat). */
async function send(signed: Signed, body: Buffer | string, override: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...signed.fields, ...override })) form.append(name, value);
  form.append("file", new Blob([typeof body === "string" ? body : new Uint8Array(body)]));
  return fetch(signed.url, { method: "POST", body: form });
}

/** The conditions S3 checks before it takes an upload, from the signed policy. */
function policyOf(signed: Signed): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(signed.fields.Policy, "base64").toString("utf8"));
}

describe("uploads", () => {
  it("signs one upload per file type asked for, under pending/vehicles/<id>/", async () => {
    const res = await api.get(`uploadimage?reg=${encodeURIComponent(vehicle.registration)}&id=${vehicle.id}&type=vehicle&file_type=png,pdf&file_type=jpeg`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((r: any) => r.content_type)).toEqual(["image/png", "application/pdf", "image/jpeg"]);
    for (const r of res.body.results) {
      expect(r.key).toMatch(new RegExp(`^pending/vehicles/${vehicle.id}/[0-9a-f-]{36}\\.(png|pdf|jpeg)$`));
      expect(r.url).toContain(process.env.S3_ENDPOINT!);
      expect(r.method).toBe("POST");
      expect(r.fields).toMatchObject({ key: r.key, "Content-Type": r.content_type, "Content-Disposition": "inline" });
      expect(r.max_bytes).toBe(15 * 1024 * 1024);
    }
  });

  it("signs the content type, the size (1 byte to 15 MB), the key and an expiry into the upload's policy, which S3 enforces", async () => {
    const signed = (await api.get(`uploadimage?id=${vehicle.id}&file_type=png`)).body.results[0];
    const policy = policyOf(signed);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 15 * 1024 * 1024],
        ["eq", "$Content-Type", "image/png"],
        ["eq", "$Content-Disposition", "inline"],
        { key: signed.key },
        { bucket: process.env.BUCKET_NAME },
      ]),
    );
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(signed.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses other file types and a missing vehicle with the spec's messages", async () => {
    const gif = await api.get(`uploadimage?id=${vehicle.id}&file_type=gif`);
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe("Not supported file format");
    expect((await api.get(`uploadimage?id=${vehicle.id}`)).body.message).toBe("Not supported file format");
    expect((await api.get("uploadimage?file_type=png")).body.message).toBe("No vehicle selected");
    expect((await api.get("uploadimage?id=999999&file_type=png")).status).toBe(404);
    expect((await api.post("vehicleimages", { key: "vehicles/1/x.png" })).body.message).toBe("No vehicle selected");
  });

  it("confirms an upload after checking the object, lists it with a signed link, and deletes it", async () => {
    const signed = (await api.get(`uploadimage?id=${vehicle.id}&file_type=png`)).body.results[0];
    const sent = await send(signed, PNG);
    expect(sent.status).toBe(204);
    const pendingUrl = `${process.env.S3_ENDPOINT}/${process.env.BUCKET_NAME}/${signed.key}`;
    const confirmed = await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    // Moved out of pending/ (which expires) into the vehicle's folder.
    const kept = signed.key.replace(/^pending\//, "");
    expect(confirmed.body).toMatchObject({ vehicle: vehicle.id, key: kept, content_type: "image/png", size: PNG.length });
    expect((await fetch(pendingUrl)).status).toBe(404);
    // Confirming the same upload twice is refused.
    expect((await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key })).status).toBe(400);

    const list = await api.get(`vehicleimages?vehicle=${vehicle.id}`);
    expect(list.body.count).toBe(1);
    const fetched = await fetch(list.body.results[0].url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await api.get("vehicleimages")).body.message).toBe("No vehicle selected");

    expect((await api.del(`vehicleimages/${confirmed.body.id}`)).status).toBe(200);
    expect((await api.get(`vehicleimages?vehicle=${vehicle.id}`)).body.count).toBe(0);
    expect((await fetch(list.body.results[0].url)).status).toBe(404);
  });

  it("deletes and refuses an object uploaded with another content type", async () => {
    const signed = (await api.get(`uploadimage?id=${vehicle.id}&file_type=png`)).body.results[0];
    // s3rver does not enforce POST policies (S3 would refuse this), so the product checks the object itself.
    expect((await send(signed, "<script>alert(1)</script>", { "Content-Type": "text/html" })).status).toBe(204);
    const res = await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Not supported file format");
    expect((await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key })).body.message).toBe("Image did not successfully upload");
    expect((await api.get(`vehicleimages?vehicle=${vehicle.id}`)).body.count).toBe(0);
  });

  it("deletes and refuses an object larger than 15 MB", async () => {
    const signed = (await api.get(`uploadimage?id=${vehicle.id}&file_type=jpeg`)).body.results[0];
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 0xff);
    expect((await send(signed, big)).status).toBe(204);
    const res = await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The file is larger than 15 MB");
    expect((await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key })).body.message).toBe("Image did not successfully upload");
  });

  it("refuses to record an object outside pending/ (only signed uploads can be confirmed)", async () => {
    const signed = (await api.get(`uploadimage?id=${vehicle.id}&file_type=png`)).body.results[0];
    await send(signed, PNG);
    const res = await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key.replace(/^pending\//, "") });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("That upload does not belong to this vehicle");
  });

  it("refuses a key outside the vehicle's own folder", async () => {
    const other = (await api.post("createvehicle", van())).body;
    const signed = (await api.get(`uploadimage?id=${other.id}&file_type=pdf`)).body.results[0];
    await send(signed, "%PDF-1.4\n%%EOF");
    const res = await api.post("vehicleimages", { vehicle: vehicle.id, key: signed.key });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("That upload does not belong to this vehicle");
    // With its own vehicle it is fine, and deleting the vehicle deletes the image and its file.
    const ok = await api.post("vehicleimages", { vehicle: other.id, key: signed.key });
    expect(ok.status).toBe(201);
    expect((await api.del(`vehicles/${other.id}`)).status).toBe(200);
    expect((await api.get(`vehicleimages/${ok.body.id}`)).status).toBe(404);
    expect((await fetch(ok.body.url)).status).toBe(404);
  });
});
