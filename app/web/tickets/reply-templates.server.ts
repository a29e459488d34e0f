/**
 * /crm/templates over HTTP (staff): the reply templates, a new one, editing and deleting one — plain form
 * posts answered with PRG and a notice (JS on and off); a refused form comes back with what was typed and the
 * field's Japanese message.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { TEMPLATE_TEXT, TEMPLATE_VARIABLES, TEMPLATES_PATH } from "~/core/tickets/reply-templates";
import { MALFORMED_INPUT_MESSAGE, OptionalTextSchema, RevisionSchema } from "~/core/validation";
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  saveTemplate,
  templatesQuery,
  type TemplateWriteResult,
} from "~/services/tickets/reply-templates.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, readInput, redirectedNotice } from "../input.server";

const TEMPLATE_NOTICES = { created: TEMPLATE_TEXT.created, saved: TEMPLATE_TEXT.saved, deleted: TEMPLATE_TEXT.deleted } as const;

/** A refused template form: the field and its message, and what was typed, to show again. */
export interface TemplateFormError {
  field: "title" | "body" | "template";
  error: string;
  values: { title: string; body: string };
}

export async function loadTemplateList(request: Request, context: AppLoadContext) {
  return { templates: await templatesQuery(context.db), variables: TEMPLATE_VARIABLES, notice: redirectedNotice(request, TEMPLATE_NOTICES) };
}

export async function loadTemplate(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const template = await findTemplate(context.db, idParam(rawId, "テンプレートID"));
  invariantResponse(template, TEMPLATE_TEXT.notFound, { status: 404 });
  return { template, variables: TEMPLATE_VARIABLES, notice: redirectedNotice(request, TEMPLATE_NOTICES) };
}

const FieldsSchema = v.object({ title: OptionalTextSchema, body: OptionalTextSchema });
const EditSchema = v.variant("intent", [
  v.object({ intent: v.literal("save"), title: OptionalTextSchema, body: OptionalTextSchema, revision: RevisionSchema }),
  v.object({ intent: v.literal("delete") }),
]);

function refused(result: Extract<TemplateWriteResult, { ok: false }>, values: { title: string; body: string }) {
  return data<TemplateFormError>({ field: result.field, error: result.error, values }, { status: result.status });
}

/** 作成する on /crm/templates: to the new template's page, or the form again with its message. */
export async function createTemplateAction(request: Request, context: AppLoadContext, staffId: number) {
  const read = readInput(FieldsSchema, await readFormData(request));
  if (!read.ok) return data<TemplateFormError>({ field: "template", error: MALFORMED_INPUT_MESSAGE, values: { title: "", body: "" } }, { status: 400 });
  const result = await createTemplate(context.db, staffId, read.input);
  if (!result.ok) return refused(result, read.input);
  throw redirectWithNotice(`${TEMPLATES_PATH}/${result.id}`, "created");
}

/** 保存する / 削除する on /crm/templates/{id}. */
export async function editTemplateAction(request: Request, context: AppLoadContext, staffId: number, rawId: string | undefined) {
  const id = idParam(rawId, "テンプレートID");
  const read = readInput(EditSchema, await readFormData(request));
  if (!read.ok) return data<TemplateFormError>({ field: "template", error: MALFORMED_INPUT_MESSAGE, values: { title: "", body: "" } }, { status: 400 });
  if (read.input.intent === "delete") {
    invariantResponse(await deleteTemplate(context.db, id), TEMPLATE_TEXT.notFound, { status: 404 });
    throw redirectWithNotice(TEMPLATES_PATH, "deleted");
  }
  const values = { title: read.input.title, body: read.input.body };
  const result = await saveTemplate(context.db, staffId, id, { ...values, revision: read.input.revision });
  if (!result.ok) {
    invariantResponse(result.status !== 404, result.error, { status: 404 });
    return refused(result, values);
  }
  throw redirectWithNotice(`${TEMPLATES_PATH}/${id}`, "saved");
}
