/** The withdrawal form's schema (server and browser alike): the password, and the ticked confirmation. */
import * as v from "valibot";
import { choiceFlag, requiredString } from "./account-forms";

const CONFIRMATION_REQUIRED = "退会する場合は、確認のチェックを入れてください";

export const WithdrawalSchema = v.object({
  password: requiredString("パスワードを入力してください"),
  confirm: v.pipe(choiceFlag(CONFIRMATION_REQUIRED), v.value(true, CONFIRMATION_REQUIRED)),
});
