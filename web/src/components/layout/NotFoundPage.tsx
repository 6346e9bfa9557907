import { Link } from 'react-router-dom';
import { messages } from '@toolforge/contracts';

export default function NotFoundPage() {
  return (
    <section className="container narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{messages.notFound}</h1>
      <p>The page you asked for is not in our workshop.</p>
      <Link to="/" className="button">
        Back to the home page
      </Link>
    </section>
  );
}
