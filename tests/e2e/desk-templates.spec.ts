import { expect, login, test } from "./fixtures";

/**
 * Reply templates (issue 36 item 5), JS on and off: staff make a template, an unknown variable refused with
 * the text kept; on a ticket, choosing it puts it in the reply box filled for that ticket's customer.
 */
test("staff make a template and use it on a ticket, filled for its customer", async ({ page }) => {
  const title = `お礼（${test.info().project.name}-${test.info().retry}）`;
  await login(page, "staff", "/crm/templates");
  const form = page.getByRole("form", { name: "作成する" });
  await form.getByLabel("テンプレート名").fill(title);
  await form.getByLabel("本文").fill("{{お客様名}}\nご連絡ありがとうございます。{{担当者名}}");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByRole("alert")).toHaveText("使えない差し込み項目があります：{{担当者名}}");
  await expect(page.getByRole("form", { name: "作成する" }).getByLabel("本文")).toHaveValue("{{お客様名}}\nご連絡ありがとうございます。{{担当者名}}");

  await page.getByRole("form", { name: "作成する" }).getByLabel("本文").fill("{{お客様名}}\nご連絡ありがとうございます。{{ショップ名}}です。");
  await page.getByRole("form", { name: "作成する" }).getByRole("button", { name: "作成する" }).click();
  await expect(page.getByRole("status")).toHaveText("テンプレートを作成しました。");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto("/crm/tickets/1");
  const picker = page.getByRole("form", { name: "返信テンプレート" });
  await picker.getByLabel("返信テンプレート").selectOption({ label: title });
  await picker.getByRole("button", { name: "テンプレートを使う" }).click();
  await expect(page.locator("#reply").getByLabel("メッセージ")).toHaveValue("山田 花子様\nご連絡ありがとうございます。ひなた市場です。");
});
