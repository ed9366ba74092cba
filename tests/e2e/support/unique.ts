/** Values no other test uses, so mails, rate limits and registrations of parallel runs do not mix. */
export function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** An e-mail address no other test uses. */
export function uniqueEmail(label = "e2e", domain = "example.com"): string {
  return `${unique(label)}@${domain}`;
}
