import { expect, it } from "vitest";
import { openDatabase, transaction } from "./db";

function rows(db: ReturnType<typeof openDatabase>): string[] {
  return (
    db.prepare("SELECT name FROM sites ORDER BY id").all() as { name: string }[]
  ).map((row) => row.name);
}

const insert = (db: ReturnType<typeof openDatabase>, name: string) =>
  db
    .prepare("INSERT INTO sites (name, support_email) VALUES (?, 'x@x.nl')")
    .run(name);

it("commits what the function wrote, and rolls all of it back when it throws", () => {
  const db = openDatabase(":memory:");
  expect(transaction(db, () => insert(db, "kept").changes)).toBe(1);
  expect(() =>
    transaction(db, () => {
      insert(db, "gone");
      throw new Error("refused");
    }),
  ).toThrow("refused");
  expect(rows(db)).toEqual(["kept"]);
  expect(db.isTransaction).toBe(false);
});

it("inside a transaction rolls back only the nested function's writes", () => {
  const db = openDatabase(":memory:");
  transaction(db, () => {
    insert(db, "outer");
    expect(() =>
      transaction(db, () => {
        insert(db, "inner");
        throw new Error("refused");
      }),
    ).toThrow("refused");
    transaction(db, () => insert(db, "second inner"));
  });
  expect(rows(db)).toEqual(["outer", "second inner"]);
  expect(db.isTransaction).toBe(false);
});
