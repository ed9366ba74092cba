/**
 * The contract's closed lists of values that forms offer (contract/contract.ts re-exports them). Apart from the
 * contract's schemas, so that a page's form can have them without Zod coming along to the browser.
 */
export const GESLACHT = ["man", "vrouw", "x"] as const;

export const QUESTION_TOPICS = [
  "Evenement",
  "Locatie",
  "Workshop",
  "Overig",
] as const;
