/** Members made for one test (the demo accounts stay as other tests expect them), signed in. */
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import type { TestPlatform } from "./platform";
import { memberCookie } from "./requests";

export interface TestMember {
  id: number;
  email: string;
  /** The session cookie of one signed-in browser. */
  cookie: string;
}

/** A new customer with the demo password (DEMO_PASSWORD), the newsletter on, signed in once. */
export async function addMember(platform: TestPlatform, email: string): Promise<TestMember> {
  const demo = await platform.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, MEMBER_ID)).get();
  if (!demo) throw new Error("the seeded member is missing");
  const [row] = await platform.db
    .insert(users)
    .values({ email, passwordHash: demo.passwordHash, lastname: "設定", firstname: "太郎", lastnameJp: "セッテイ", firstnameJp: "タロウ", newsletter: true })
    .returning({ id: users.id });
  if (!row) throw new Error(`could not add ${email}`);
  return { id: row.id, email, cookie: await memberCookie(platform, row.id) };
}

export async function userRow(platform: TestPlatform, id: number) {
  const row = await platform.db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw new Error(`no user ${id}`);
  return row;
}
