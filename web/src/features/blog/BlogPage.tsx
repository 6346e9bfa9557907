import { POSTS } from './posts';

export default function BlogPage() {
  return (
    <section className="container narrow blog">
      <header className="page-header">
        <p className="eyebrow">From our engineering team</p>
        <h1>Blog</h1>
        <p>Five questions about React and JavaScript, answered with the code behind this shop.</p>
      </header>
      {POSTS.map((post) => (
        <article key={post.id} className="blog-post" aria-labelledby={post.id}>
          <h2 id={post.id}>{post.question}</h2>
          {post.answer.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </article>
      ))}
    </section>
  );
}
