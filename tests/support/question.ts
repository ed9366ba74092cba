/** A visitor's question as the contact form sends it (decision 0018), told apart by its marker. */
export function contactQuestion(marker: string): Record<string, string> {
  return {
    name: "Sanne de Vries",
    email: `${marker}@example.nl`,
    school: "",
    klas: "",
    questionAbout: "Evenement",
    message: `Vraag ${marker}: is er parkeergelegenheid?`,
  };
}
