import { z } from "zod";
import { num } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { NotFoundError } from "../platform/errors.js";

/** App defaults (001 §3): one record, id 1, edited in place. */
export const AppDefaultsRecord = defineRecordType({
  type: "appdefaults",
  label: "App defaults",
  fields: z.object({
    default_depreciation: num(),
    default_labour_estimate_rate: num(),
    default_parts_markup: num(),
  }),
});

const SINGLE_ID = 1;

export const AppDefaults = {
  async get() {
    try {
      return await AppDefaultsRecord.get(SINGLE_ID);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      return { id: SINGLE_ID, default_depreciation: null, default_labour_estimate_rate: null, default_parts_markup: null, last_saved: null };
    }
  },
  async save(body: unknown, actor: string) {
    try {
      return await AppDefaultsRecord.update(SINGLE_ID, body, actor, { partial: true });
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      return AppDefaultsRecord.create(body, actor);
    }
  },
};
