import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Pagina niet gevonden" }];
}

export default function NotFound() {
  return (
    <main id="inhoud" className="mx-auto flex max-w-xl flex-col items-center gap-6 p-8 text-center">
      <h1 className="text-2xl font-bold">Oeps! De pagina die je zoekt bestaat niet.</h1>
      <Button asChild>
        <Link to="/">Ga naar Home</Link>
      </Button>
    </main>
  );
}
