// Placeholder: being built.
export function action() {
  return new Response(null, { status: 405 });
}
